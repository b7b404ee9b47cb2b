/** One built-in scenario: its virtual path (`builtin/<folder>/<name>.yaml`) and its YAML text. */
export interface BuiltinFile {
  file: string;
  text: string;
}
