// Public surface of the chat feature, for the screens of other features.
export { ChatButton } from './components/chat-button';
export { ChatThread } from './components/chat-thread';
export { chatApi, CHAT_MESSAGES, type ChatMessage } from './chat-api';
