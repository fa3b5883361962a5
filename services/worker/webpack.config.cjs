// Bundles the worker for `node dist/main.js` (see build-config/webpack/node-service.cjs), and the
// preflight's PDF reader, which the worker forks as `dist/preflight-runner.js`.
const path = require('path');
const { nodeServiceConfig } = require('../../build-config/webpack/node-service.cjs');

module.exports = nodeServiceConfig({
  entry: {
    main: path.join(__dirname, 'src/main.ts'),
    // The receipt-drawing thread's own file (src/receipts/receipt-pdf-renderer.ts loads it).
    'receipt-pdf.thread': path.join(__dirname, 'src/receipts/receipt-pdf.thread.ts'),
    'preflight-runner': path.join(__dirname, 'src/book-uploads/pdf/preflight-runner.ts'),
  },
  outDir: path.join(__dirname, 'dist'),
});
