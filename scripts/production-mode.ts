// Imported first by the server and worker entries: React loads its development or production
// build by NODE_ENV at its first import. Next.js sets NODE_ENV=production only when it starts,
// after the mail templates have loaded React's JSX runtime, which would then be the development
// build beside the production renderer (and fail: "dispatcher.getOwner is not a function").
if (!process.argv.includes("--dev") && !process.env.NODE_ENV) {
  Object.assign(process.env, { NODE_ENV: "production" });
}
