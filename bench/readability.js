// make bench: Readability.js (npm @mozilla/readability with jsdom) over
// the pages named on the command line, in one process; prints nothing.
const fs = require("fs");
const { JSDOM, VirtualConsole } = require("jsdom");
const { Readability } = require("@mozilla/readability");

for (const path of process.argv.slice(2)) {
  // A silent console: jsdom's complaints about style sheets are noise.
  const dom = new JSDOM(fs.readFileSync(path),
    { virtualConsole: new VirtualConsole() });
  new Readability(dom.window.document).parse();
}
