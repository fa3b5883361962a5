import mongoose, { Schema } from 'mongoose';
import { startEmbeddedMongo } from './src/index';
(async () => {
  const srv = await startEmbeddedMongo({ port: 0 });
  const conn = await mongoose.createConnection(srv.uri + 'b', { maxPoolSize: 32 }).asPromise();
  const B = conn.model('B', new Schema({ isbn: { type: String, unique: true }, title: String, tags: { type: [String], index: true } }));
  await B.init();
  for (let i = 0; i < 10000; i += 1000) await B.insertMany(Array.from({ length: 1000 }, (_, k) => ({ isbn: 'i' + (i + k), title: 't', tags: ['a'] })));
  for (const c of [1, 8, 32]) {
    const t0 = Date.now(); let k = 0;
    await Promise.all(Array.from({ length: c }, async () => { while (Date.now() - t0 < 1500) { await B.findOne({ isbn: 'i' + ((k++ * 7919) % 10000) }).lean(); } }));
    console.log('conc', c, Math.round(k / ((Date.now() - t0) / 1000)), '/s');
  }
  await conn.close(); await srv.stop();
})();
