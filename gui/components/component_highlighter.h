#pragma once
// Syntax colouring of the component language (docs/components.md) in the
// component editor: keywords, domains, built-in functions, numbers, strings
// and `//` comments; and the position of the current error, underlined with a
// red wave from its column to the end of the word there.

#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace kelvin::gui {

class ComponentHighlighter : public QSyntaxHighlighter {
  Q_OBJECT

 public:
  explicit ComponentHighlighter(QTextDocument* document);

  /// Marks the error at `line`:`column` (from 1), or none when line is 0.
  void setError(int line, int column);

 protected:
  void highlightBlock(const QString& text) override;

 private:
  struct Rule {
    QRegularExpression pattern;
    QTextCharFormat format;
  };
  std::vector<Rule> rules_;
  QTextCharFormat comment_;
  int errorLine_ = 0;
  int errorColumn_ = 0;
};

}  // namespace kelvin::gui
