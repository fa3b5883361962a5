// Bundles the worker for `node dist/main.js` (see build-config/webpack/node-service.cjs).
const path = require('path');
const { nodeServiceConfig } = require('../../build-config/webpack/node-service.cjs');

module.exports = nodeServiceConfig({
  entry: {
    main: path.join(__dirname, 'src/main.ts'),
    // The receipt-drawing thread's own file (src/receipts/receipt-pdf-renderer.ts loads it).
    'receipt-pdf.thread': path.join(__dirname, 'src/receipts/receipt-pdf.thread.ts'),
  },
  outDir: path.join(__dirname, 'dist'),
});
