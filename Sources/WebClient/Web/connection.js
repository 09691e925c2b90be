// connection.js
