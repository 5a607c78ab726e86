#include "document/quantity_format.h"

#include <cmath>

#include <QRegularExpression>

#include "model/parameter_evaluator.h"

namespace kelvin::gui {

QString formatSi(double value, const QString& unit) {
  if (!std::isfinite(value)) return QString::number(value);
  if (value == 0) return unit.isEmpty() ? QStringLiteral("0") : QStringLiteral("0 ") + unit;
  static const struct {
    double factor;
    const char* prefix;
  } kPrefixes[] = {{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}, {1, ""},   {1e-3, "m"},
                   {1e-6, "µ"}, {1e-9, "n"}, {1e-12, "p"}, {1e-15, "f"}};
  const double magnitude = std::abs(value);
  // Prefixes only on simple units: "10 mkg·m²" or "1 kK" would read wrong.
  static const QStringList kPrefixable = {QStringLiteral("Ω"), QStringLiteral("F"),  QStringLiteral("H"),
                                          QStringLiteral("V"), QStringLiteral("A"),  QStringLiteral("s"),
                                          QStringLiteral("Hz"), QStringLiteral("W"), QStringLiteral("J"),
                                          QStringLiteral("m"), QStringLiteral("N"),  QStringLiteral("Pa"),
                                          QStringLiteral("S"), QStringLiteral("C"),  QStringLiteral("Wb")};
  if (!kPrefixable.contains(unit))
    return unit.isEmpty() ? QString::number(value, 'g', 4) : QString::number(value, 'g', 4) + QLatin1Char(' ') + unit;
  for (const auto& p : kPrefixes) {
    if (magnitude >= p.factor * 0.9999999 || p.factor == 1e-15) {
      const QString number = QString::number(value / p.factor, 'g', 4);
      const QString suffix = QString::fromUtf8(p.prefix) + unit;
      return suffix.isEmpty() ? number : number + QLatin1Char(' ') + suffix;
    }
  }
  return QString::number(value);
}

QString displayParameter(const std::string& text, const std::string& unit) {
  static const QRegularExpression kPlain(QStringLiteral("^\\s*[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?\\s*(meg|[TGMkmunpfµ])?\\s*$"));
  const QString qtext = QString::fromStdString(text);
  if (!kPlain.match(qtext).hasMatch()) return qtext;
  try {
    const double value = core::evaluateNumber(text, unit, core::ParameterScope());
    return formatSi(value, QString::fromStdString(unit));
  } catch (const std::exception&) {
    return qtext;
  }
}

}  // namespace kelvin::gui
