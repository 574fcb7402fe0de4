// The generators' place and region tables: CSV with a header line, where a field holding commas is quoted
// and a quote inside it doubled. Read whole, as rows of fields with their line numbers for messages.

/** The rows of `text` (the header first), each `{ line, fields }`; `name` is the file, for errors. */
export function readCsv(text, name) {
  const rows = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const fields = [];
    let field = '';
    let quoted = false;
    for (let k = 0; k < line.length; k++) {
      const c = line[k];
      if (quoted) {
        if (c === '"' && line[k + 1] === '"') {
          field += '"';
          k++;
        } else if (c === '"') quoted = false;
        else field += c;
      } else if (c === '"') quoted = true;
      else if (c === ',') {
        fields.push(field);
        field = '';
      } else field += c;
    }
    if (quoted) throw new Error(`${name}:${i + 1}: unclosed quote`);
    fields.push(field);
    rows.push({ line: i + 1, fields });
  }
  return rows;
}
