// src/edit/plain.ts
function tabsAfterPlain(text, end) {
  const tabs = [];
  let broken = false;
  let column = 0;
  for (let i = end; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) column++;
    else if (c === 9) {
      if (broken) tabs.push({ offset: i, column });
      column++;
    } else if (c === 10 || c === 13 || c === 133 || c === 8232 || c === 8233) {
      broken = true;
      column = 0;
    } else break;
  }
  return tabs;
}
function tabRefusedAfterPlain(text, end, indent) {
  return tabsAfterPlain(text, end).find((t) => t.column <= indent);
}

export {
  tabsAfterPlain,
  tabRefusedAfterPlain
};
