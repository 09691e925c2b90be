// conversation.js
