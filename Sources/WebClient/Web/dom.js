// dom.js
