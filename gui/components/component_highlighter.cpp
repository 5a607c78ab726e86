#include "components/component_highlighter.h"

#include <QTextDocument>

namespace kelvin::gui {

namespace {

QTextCharFormat charFormat(const QColor& colour, bool bold = false, bool italic = false) {
  QTextCharFormat f;
  f.setForeground(colour);
  if (bold) f.setFontWeight(QFont::Bold);
  f.setFontItalic(italic);
  return f;
}

}  // namespace

ComponentHighlighter::ComponentHighlighter(QTextDocument* document) : QSyntaxHighlighter(document) {
  const auto words = [](const char* list) {
    return QRegularExpression(QStringLiteral("\\b(%1)\\b").arg(QLatin1String(list)));
  };
  rules_.push_back({words("component|end|port|input|output|parameter|variable|state|icon|equation|energy|noise|"
                          "connect|reference|min|max"),
                    charFormat(QColor(0x1f, 0x4e, 0xa8), true)});
  rules_.push_back({words("electrical|rotational|translational|hydraulic|thermal|pneumatic"),
                    charFormat(QColor(0x0b, 0x7a, 0x75))});
  rules_.push_back({words("across|through|der|if|exp|log|sin|cos|tan|atan|tanh|sqrt|abs|limexp|pow|current|voltage|"
                          "force|torque|flow|time"),
                    charFormat(QColor(0x8a, 0x3f, 0xa0))});
  rules_.push_back({QRegularExpression(QStringLiteral("\\b\\d+(\\.\\d*)?([eE][-+]?\\d+)?[A-Za-z]*")),
                    charFormat(QColor(0xa0, 0x52, 0x00))});
  rules_.push_back({QRegularExpression(QStringLiteral("\"[^\"]*\"")), charFormat(QColor(0x2e, 0x7d, 0x32))});
  comment_ = charFormat(QColor(0x75, 0x75, 0x75), false, true);
}

void ComponentHighlighter::setError(int line, int column) {
  if (line == errorLine_ && column == errorColumn_) return;
  errorLine_ = line;
  errorColumn_ = column;
  rehighlight();
}

void ComponentHighlighter::highlightBlock(const QString& text) {
  const int commentStart = text.indexOf(QLatin1String("//"));
  const QString code = commentStart < 0 ? text : text.left(commentStart);
  for (const Rule& rule : rules_) {
    for (auto it = rule.pattern.globalMatch(code); it.hasNext();) {
      const QRegularExpressionMatch m = it.next();
      setFormat(static_cast<int>(m.capturedStart()), static_cast<int>(m.capturedLength()), rule.format);
    }
  }
  if (commentStart >= 0) setFormat(commentStart, static_cast<int>(text.size()) - commentStart, comment_);
  if (currentBlock().blockNumber() + 1 == errorLine_) {
    // Columns count characters (code points); a QString counts UTF-16 units.
    int at = 0;
    for (int column = 1; column < errorColumn_ && at < text.size(); ++column) at += text.at(at).isHighSurrogate() ? 2 : 1;
    if (at >= text.size() && !text.isEmpty()) at = static_cast<int>(text.size()) - 1;  // past the end: its last character
    int end = at;
    while (end < text.size() && (text.at(end).isLetterOrNumber() || text.at(end) == QLatin1Char('_'))) ++end;
    const int length = std::max(1, end - at);
    for (int k = at; k < at + length && k <= text.size(); ++k) {
      QTextCharFormat f = k < text.size() ? this->format(k) : QTextCharFormat();
      f.setUnderlineStyle(QTextCharFormat::WaveUnderline);
      f.setUnderlineColor(Qt::red);
      setFormat(k, 1, f);
    }
  }
}

}  // namespace kelvin::gui
