import mongoose, { Schema } from 'mongoose';
import { mkdtempSync } from 'node:fs';
import { startEmbeddedMongo } from './src/index';
(async () => {
  for (const [pool, disk] of [[32, false], [64, false], [32, true]] as const) {
    const srv = await startEmbeddedMongo({ port: 0, dataDir: disk ? mkdtempSync('/tmp/l2-') : undefined });
    const conn = await mongoose.createConnection(srv.uri + 'b', { maxPoolSize: pool }).asPromise();
    const B = conn.model('B', new Schema({ isbn: { type: String, unique: true }, title: String, tags: { type: [String], index: true } }));
    await B.init();
    for (let i = 0; i < 10000; i += 1000) await B.insertMany(Array.from({ length: 1000 }, (_, k) => ({ isbn: 'i' + (i + k), title: 't', tags: ['a'] })));
    const t0 = Date.now(); let k = 0;
    await Promise.all(Array.from({ length: pool }, async () => { while (Date.now() - t0 < 1500) { await B.findOne({ isbn: 'i' + ((k++ * 7919) % 10000) }).lean(); } }));
    console.log('pool', pool, 'disk', disk, Math.round(k / ((Date.now() - t0) / 1000)), '/s');
    await conn.close(); await srv.stop();
  }
})();
