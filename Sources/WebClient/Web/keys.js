// keys.js
