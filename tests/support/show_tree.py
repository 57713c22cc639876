"""A strict little HTML tree for the tests (``html.parser``): every element closed in
order, void elements known, queries by class and attribute."""

from __future__ import annotations

from html.parser import HTMLParser

VOID = {"meta", "link", "br", "img", "input", "hr", "col", "area", "base", "source", "wbr"}


class Node:
    def __init__(self, tag: str, attrs: dict, parent: Node | None):
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Node | str] = []

    @property
    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def walk(self):
        yield self
        for c in self.children:
            if isinstance(c, Node):
                yield from c.walk()

    def find(self, cls: str | None = None, tag: str | None = None, **attrs) -> list[Node]:
        out = []
        for n in self.walk():
            if cls is not None and cls not in n.classes:
                continue
            if tag is not None and n.tag != tag:
                continue
            if any(n.attrs.get(k.replace("_", "-")) != v for k, v in attrs.items()):
                continue
            out.append(n)
        return out

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def cards(self) -> list[int]:
        """The ids of every card shown under this node."""
        return [int(n.attrs["data-card"]) for n in self.walk() if "data-card" in n.attrs]


class _Parser(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, None)
        self.cur = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, dict(attrs), self.cur)
        self.cur.children.append(node)
        if tag not in VOID:
            self.cur = node

    def handle_startendtag(self, tag, attrs):
        self.cur.children.append(Node(tag, dict(attrs), self.cur))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if self.cur.tag != tag:
            raise AssertionError(f"</{tag}> closes <{self.cur.tag}>")
        self.cur = self.cur.parent

    def handle_data(self, data):
        self.cur.children.append(data)


def parse(html: str) -> Node:
    """The tree of ``html``; AssertionError when a tag is not closed in order."""
    p = _Parser()
    p.feed(html)
    p.close()
    if p.cur is not p.root:
        raise AssertionError(f"<{p.cur.tag}> is never closed")
    return p.root
