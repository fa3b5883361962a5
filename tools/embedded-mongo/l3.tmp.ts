import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from './src/index';
(async () => {
  for (let round = 0; round < 3; round++) {
    const srv = await startEmbeddedMongo({ port: 0 });
    const c = new MongoClient(srv.uri, { maxPoolSize: 32 });
    let t = Date.now(); await c.connect(); console.log('connect', Date.now() - t);
    t = Date.now(); await c.db('a').command({ ping: 1 }); console.log('first ping', Date.now() - t);
    t = Date.now(); await Promise.all(Array.from({ length: 32 }, () => c.db('a').command({ ping: 1 }))); console.log('32 parallel pings', Date.now() - t);
    t = Date.now(); await Promise.all(Array.from({ length: 32 }, () => c.db('a').command({ ping: 1 }))); console.log('32 parallel pings again', Date.now() - t);
    t = Date.now(); for (let i = 0; i < 200; i++) await c.db('a').command({ ping: 1 }); console.log('200 sequential pings', Date.now() - t);
    await c.close(); await srv.stop();
  }
})();
