// MockPass's own start script listens on every interface; a stand-in for the national identity
// provider is for this machine only.
const { app } = require('@opengovsg/mockpass');

const port = Number(process.env.MOCKPASS_PORT);
app.listen(port, '127.0.0.1', (err) => {
  if (err) {
    console.error('Unable to start MockPass', err);
    process.exit(1);
  }
});
