// A bot account's program: plays every game its account is invited to, at random, over the outside-bot
// protocol on the server's WebSocket (docs/bot-builders.md, "A bot account on the server").
// IMPERIA_BOT_TOKEN=… node examples/bots/ws_bot.mjs http://localhost:8080   (Node 20: --experimental-websocket)
const [server] = process.argv.slice(2);
const socket = new WebSocket(`${server.replace(/^http/, 'ws')}/api/bot/ws`);
socket.onopen = () => socket.send(JSON.stringify({ type: 'ready', name: 'ws_bot.mjs', token: process.env.IMPERIA_BOT_TOKEN }));
socket.onmessage = ({ data }) => {
  const message = JSON.parse(data);
  if (message.type === 'turn') {
    const index = Math.floor(Math.random() * message.actions.length);
    socket.send(JSON.stringify({ type: 'action', game_id: message.game_id, index }));
  } else if (message.type === 'error') console.error(message.message);
};
socket.onclose = () => process.exit(0);
