import { htmlToMarkdown, htmlToText } from "#server/imports/html-to-markdown.ts";
const r = htmlToMarkdown(`Hello <strong>world</strong>\n\nSecond para <script>alert(1)</script><img src="https://old.example.com/wp-content/uploads/2019/05/a-300x200.jpg" alt="A &amp; B" onerror="x()">\n\n[caption id="x"]<img src="https://o/b.jpg"> Cap[/caption] [gallery ids="1,2"]<h1>Big</h1><table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table><a href="javascript:alert(1)">bad</a><iframe src="x">in</iframe>`, { isWordPress: true });
console.log(r);
console.log(htmlToText("<p>Hi &amp; bye</p><p>two<br>lines</p>"));
