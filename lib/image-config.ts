/** Spec §9: the widths next/image may produce, and the default quality. */
export const IMAGE_DEVICE_SIZES = [640, 750, 828, 1080, 1200, 1920, 2048, 3840];
export const IMAGE_SIZES = [16, 32, 48, 64, 96, 128, 256, 384];
export const IMAGE_QUALITY = 75;
