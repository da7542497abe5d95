// The bare transaction of a purchase behind Node's bare http server, in a process of its own as
// the shop is: a purchase's ceiling with HTTP in it (no framework, no sign-in check, no
// validation but reading the body as JSON). Started by bareHttpPurchase in api.mjs:
// `node bare-purchase-server.mjs <database url> <part id> <buyer ids as JSON> <port>`.
import http from 'node:http';
import { barePostgresPurchase, bareSqlitePurchase } from '../api.mjs';

const [url = '', partId, buyerIds = '[]', port = '0'] = process.argv.slice(2);
const uids = JSON.parse(buyerIds);
let turn = 0;
const who = { partId, nextBuyer: () => ({ uid: uids[turn++ % uids.length] }) };
const bare = url.startsWith('sqlite:')
  ? bareSqlitePurchase(url.slice('sqlite:'.length), who)
  : barePostgresPurchase(url, who);

const server = http.createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', async () => {
    try {
      JSON.parse(body);
      await bare.once();
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end('{"insertedId":"bare"}');
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    }
  });
});
server.listen(Number(port), '127.0.0.1', () => console.log('ready'));
process.once('SIGTERM', () => server.close(() => bare.close().then(() => process.exit(0))));
