// items.js
