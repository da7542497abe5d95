/** What other features may use of the order builder: its lines, and adding to them. */
export { addToOrder, type BuilderLine, clearBuilder, setBuilderLines, useBuilderLines } from './store';
