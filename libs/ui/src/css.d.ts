// Style imports are handled by webpack (css-loader) and stubbed in Jest.
declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}
declare module '*.css';
