/*
 * A stand-in for https://apis.google.com/js/api.js, served by Playwright (see auth.ts) so that
 * Firebase's signInWithPopup works offline against the Auth emulator.
 *
 * It implements only what firebase/auth 12.x and the emulator's helper iframe
 * (/emulator/auth/iframe) call; the emulator's popup (/emulator/auth/handler) itself uses no gapi:
 *   - gapi.load("gapi.iframes", callback | { callback })
 *   - gapi.iframes.getContext().open(options, onOpen) -> Promise<Iframe>   (the app's side)
 *   - gapi.iframes.getContext().getParentIframe() -> Iframe                 (the iframe's side)
 *   - Iframe: register(type, handler), send(type, data, callback), ping(callback), restyle()
 *   - gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER
 * and, like the real loader, calls `?onload=NAME` (how Firebase loads it) and
 * `window.gapi_onload` (how the emulator's iframe does) once loaded.
 *
 * The two ends talk with postMessage. A request is answered with its handler's result, and the
 * sender's callback gets the results as an array (one per iframe), as with gapi. Requests of a
 * type with no handler yet are held until one is registered: the helper iframe sends its first
 * authEvent before Firebase registers its handler. The iframe says "hello" when it asks for its
 * parent; until then the app's end holds what it sends, and ping() waits for it.
 */
(() => {
  "use strict";

  const TAG = "__gapiStandIn";

  let onloadName = null;
  try {
    const src = document.currentScript?.src;
    if (src) onloadName = new URL(src).searchParams.get("onload");
  } catch {
    onloadName = null;
  }

  const runOnload = () =>
    setTimeout(() => {
      if (onloadName && typeof window[onloadName] === "function") window[onloadName]();
      if (typeof window.gapi_onload === "function") window.gapi_onload();
    }, 0);

  if (window.gapi?.iframes?.standIn) {
    runOnload();
    return;
  }

  /** Calls `fn`, keeping what it throws from breaking the relay, as gapi does. */
  const safely = (fn, ...args) => {
    try {
      return fn(...args);
    } catch (error) {
      // Expected once per popup: Firebase's webStorageSupport callback always throws after
      // reading the answer, relying on gapi to swallow it.
      console.debug("[gapi stand-in] a callback threw:", error);
      return undefined;
    }
  };

  let lastId = 0;
  const nextId = () => `${Math.random().toString(36).slice(2)}-${(lastId += 1)}`;

  /** One end of the link to another window: an iframe the app opened, or the iframe's parent. */
  class Channel {
    constructor(peer, connected) {
      this.peer = peer; // () => the other Window
      this.connected = connected;
      this.handlers = new Map();
      this.held = new Map(); // type -> requests waiting for a handler
      this.replies = new Map(); // request id -> callback
      this.outbox = [];
      this.onConnect = [];
    }

    post(message) {
      if (!this.connected) {
        this.outbox.push(message);
        return;
      }
      this.peer()?.postMessage({ ...message, [TAG]: true }, "*");
    }

    connect() {
      if (this.connected) return;
      this.connected = true;
      for (const message of this.outbox.splice(0)) this.post(message);
      for (const fn of this.onConnect.splice(0)) safely(fn);
    }

    whenConnected(fn) {
      if (this.connected) safely(fn);
      else this.onConnect.push(fn);
    }

    register(type, handler) {
      this.handlers.set(type, handler);
      const held = this.held.get(type) ?? [];
      this.held.delete(type);
      for (const request of held) this.answer(request);
    }

    answer(request) {
      const handler = this.handlers.get(request.type);
      if (!handler) {
        this.held.set(request.type, [...(this.held.get(request.type) ?? []), request]);
        return;
      }
      const reply = (result) => this.post({ kind: "reply", id: request.id, result });
      Promise.resolve()
        .then(() => handler(request.data))
        .then(
          (result) => reply(result ?? null),
          (error) => {
            console.debug("[gapi stand-in] a handler failed:", error);
            reply(null);
          },
        );
    }

    receive(message) {
      if (message.kind === "hello") {
        this.connect();
        if (!message.ack) this.post({ kind: "hello", ack: true });
      } else if (message.kind === "request") {
        this.answer(message);
      } else if (message.kind === "reply") {
        const callback = this.replies.get(message.id);
        this.replies.delete(message.id);
        if (callback) safely(callback, [message.result]);
      }
    }
  }

  /** What gapi calls an Iframe: the app's handle on its child, or the child's on its parent. */
  class Iframe {
    constructor(channel, element = null) {
      this.channel = channel;
      this.element = element;
    }

    register(type, handler) {
      this.channel.register(type, handler);
    }

    unregister(type) {
      this.channel.handlers.delete(type);
    }

    send(type, data, callback) {
      const id = nextId();
      if (typeof callback === "function") this.channel.replies.set(id, callback);
      this.channel.post({ kind: "request", id, type, data });
    }

    ping(callback) {
      return new Promise((resolve) =>
        this.channel.whenConnected(() => {
          if (typeof callback === "function") safely(callback);
          resolve([]);
        }),
      );
    }

    restyle(style, callback) {
      if (typeof callback === "function") setTimeout(callback, 0);
      return Promise.resolve([]);
    }

    getIframeEl() {
      return this.element;
    }

    getSiteEl() {
      return this.element?.parentNode ?? null;
    }
  }

  /** Channels by the window at their other end. */
  const channels = [];

  const applyAttributes = (element, attributes = {}) => {
    for (const [name, value] of Object.entries(attributes)) {
      if (name === "style" && value && typeof value === "object")
        Object.assign(element.style, value);
      else element.setAttribute(name, String(value));
    }
  };

  let parentIframe = null;

  const context = {
    open(options, onOpen) {
      const element = document.createElement("iframe");
      applyAttributes(element, options.attributes);
      element.src = options.url;
      const channel = new Channel(() => element.contentWindow, false);
      channels.push(channel);
      (options.where ?? document.body).appendChild(element);
      const iframe = new Iframe(channel, element);
      return Promise.resolve(typeof onOpen === "function" ? onOpen(iframe) : undefined).then(
        () => iframe,
      );
    },
    getParentIframe() {
      if (parentIframe) return parentIframe;
      const parent = window.parent !== window ? window.parent : window.opener;
      // The app's end exists already (it made this iframe), so this end can talk at once.
      const channel = new Channel(() => parent, true);
      channels.push(channel);
      channel.post({ kind: "hello" });
      parentIframe = new Iframe(channel);
      return parentIframe;
    },
  };

  window.addEventListener("message", (event) => {
    const message = event.data;
    if (!message || typeof message !== "object" || message[TAG] !== true) return;
    const channel = channels.find((candidate) => candidate.peer() === event.source);
    channel?.receive(message);
  });

  window.gapi = window.gapi ?? {};
  window.gapi.load = (features, options) => {
    const callback = typeof options === "function" ? options : options?.callback;
    setTimeout(() => {
      if (typeof callback === "function") callback();
    }, 0);
  };
  window.gapi.iframes = {
    standIn: true,
    Iframe,
    getContext: () => context,
    CROSS_ORIGIN_IFRAMES_FILTER: () => true,
  };

  runOnload();
})();
