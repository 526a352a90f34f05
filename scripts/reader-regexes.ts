/**
 * `npx tsx scripts/reader-regexes.ts`: how many regular expressions the brand reader holds (docs/brand-reader.md
 * §4: fewer is the direction), counted by the TypeScript parser rather than by a pattern over the source: every
 * regular expression literal, and every `new RegExp(…)` / `RegExp(…)` built at run time, per file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(__dirname, '..');
// The whole reader folder: since the split into reader/ and report/ it holds name matching, the answer's
// sentiment and the reading model's side too (docs/brand-reader.md).
const files = readdirSync(join(root, 'domain/brand/reader'))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => join(root, 'domain/brand/reader', file));

export function countRegexes(source: string): { literals: number; built: number } {
  const file = ts.createSourceFile('reader.ts', source, ts.ScriptTarget.Latest, true);
  let literals = 0;
  let built = 0;
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) literals++;
    else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    )
      built++;
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { literals, built };
}

let literals = 0;
let built = 0;
for (const path of files) {
  const counted = countRegexes(readFileSync(path, 'utf8'));
  literals += counted.literals;
  built += counted.built;
  console.log(`${relative(root, path)}\t${counted.literals}\t${counted.built}`);
}
console.log(`reader: ${files.length} files, ${literals} regular expression literals, ${built} built at run time`);
