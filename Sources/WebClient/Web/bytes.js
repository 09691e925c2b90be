// bytes.js
