// marked (npm) rendering a generated Markdown document of 15 sections to HTML; one iteration = one render.
const { marked } = require('marked');
function doc(sections) {
    const parts = [];
    for (let i = 0; i < sections; i++) {
        parts.push('## Section ' + i + '\n\n');
        parts.push('Some *emphasis*, some **strong text**, `inline code` and a [link](https://example.org/' + i + ') in paragraph ' + i + '.\n');
        parts.push('A second line with _more_ words, an auto link <https://example.org/x' + i + '> and a hard  \nbreak.\n\n');
        parts.push('- item one ' + i + '\n- item two with `code`\n  - nested **bold**\n- item three\n\n');
        parts.push('1. first\n2. second\n3. third\n\n');
        parts.push('> quoted text ' + i + '\n> with two lines\n\n');
        parts.push('```js\nfunction f' + i + '(x) { return x * ' + i + '; }\n```\n\n');
        parts.push('| a | b | c |\n|---|:-:|--:|\n| ' + i + ' | x | y |\n| 1 | 2 | 3 |\n\n');
    }
    return parts.join('');
}
const text = doc(15);
(function iteration() {
    const html = marked.parse(text);
    if (html.length < text.length) { throw new Error('marked: output too short'); }
    return html.length;
});
