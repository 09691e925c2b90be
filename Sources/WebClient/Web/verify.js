// verify.js
