// store.js
