// The same webapp app over HTTP/2: a TLS server that also answers HTTP/1.1 clients (what browsers
// need), and a cleartext h2c server (for a proxy in front, or service-to-service traffic).
// Run it with `node examples/http2`, then:
//   curl -k --http2 https://localhost:8443/      (or open it in a browser and accept the certificate)
//   curl --http2-prior-knowledge http://localhost:8080/
//
// The certificate is self-signed and made at start-up for local use only: it is never written to
// disk. In production, load your real key and certificate instead.
const { generate } = require('selfsigned');
const webapp = require('webappjs');
const { createSecureServer, createServer } = require('webappjs/http2');

const app = webapp();
app.use(webapp.json());

app.get('/', (req, res) => {
  res.json({ httpVersion: req.httpVersion, protocol: req.protocol, host: req.hostname });
});

app.post('/echo', (req, res) => {
  res.json({ received: req.body });
});

async function main() {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    days: 7,
  });
  const tls = createSecureServer({ key: pems.private, cert: pems.cert, allowHTTP1: true }, app);
  const h2c = createServer(app);
  await new Promise((resolve) => tls.listen(Number(process.env.PORT ?? 8443), resolve));
  await new Promise((resolve) =>
    h2c.listen(Number(process.env.H2C_PORT ?? (process.env.PORT === '0' ? 0 : 8080)), resolve),
  );
  console.log(`http2 (TLS, HTTP/2 and HTTP/1.1) on https://localhost:${tls.address().port}`);
  console.log(`http2 (cleartext h2c) on http://localhost:${h2c.address().port}`);
}

main();
