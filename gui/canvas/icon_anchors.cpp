#include "canvas/icon_anchors.h"

#include <cctype>
#include <cmath>
#include <cstdlib>

#include <QXmlStreamReader>

namespace kelvin::gui {

namespace {

class PathReader {
 public:
  explicit PathReader(const std::string& d) : d_(d) {}

  /// Every vertex of the path's straight segments and the ends of its curves.
  std::vector<QPointF> vertices() {
    std::vector<QPointF> out;
    QPointF current, start;
    char command = 0;
    while (skipSeparators(), pos_ < d_.size()) {
      if (std::isalpha(static_cast<unsigned char>(d_[pos_]))) command = d_[pos_++];
      else if (command == 0) return out;  // malformed
      const bool relative = std::islower(static_cast<unsigned char>(command));
      const QPointF base = relative ? current : QPointF();
      double a[7] = {};
      auto read = [&](int n) {
        for (int i = 0; i < n; ++i)
          if (!number(&a[i])) return false;
        return true;
      };
      switch (std::toupper(static_cast<unsigned char>(command))) {
        case 'M':
          if (!read(2)) return out;
          current = start = base + QPointF(a[0], a[1]);
          out.push_back(current);
          command = relative ? 'l' : 'L';  // further pairs are line-tos
          break;
        case 'L':
          if (!read(2)) return out;
          current = base + QPointF(a[0], a[1]);
          out.push_back(current);
          break;
        case 'H':
          if (!read(1)) return out;
          current.setX((relative ? current.x() : 0) + a[0]);
          out.push_back(current);
          break;
        case 'V':
          if (!read(1)) return out;
          current.setY((relative ? current.y() : 0) + a[0]);
          out.push_back(current);
          break;
        case 'C':
          if (!read(6)) return out;
          current = base + QPointF(a[4], a[5]);
          break;
        case 'S':
        case 'Q':
          if (!read(4)) return out;
          current = base + QPointF(a[2], a[3]);
          break;
        case 'T':
          if (!read(2)) return out;
          current = base + QPointF(a[0], a[1]);
          break;
        case 'A':
          if (!read(7)) return out;
          current = base + QPointF(a[5], a[6]);
          break;
        case 'Z':
          current = start;
          command = 0;
          break;
        default: return out;
      }
    }
    return out;
  }

 private:
  void skipSeparators() {
    while (pos_ < d_.size() && (std::isspace(static_cast<unsigned char>(d_[pos_])) || d_[pos_] == ',')) ++pos_;
  }
  bool number(double* value) {
    skipSeparators();
    if (pos_ >= d_.size()) return false;
    const char* begin = d_.c_str() + pos_;
    char* end = nullptr;
    *value = std::strtod(begin, &end);
    if (end == begin) return false;
    pos_ += static_cast<std::size_t>(end - begin);
    return true;
  }

  const std::string& d_;
  std::size_t pos_ = 0;
};

}  // namespace

std::vector<QPointF> IconAnchors::fromSvg(const QByteArray& svg) {
  QXmlStreamReader xml(svg);
  double width = 60, height = 40;
  std::vector<QPointF> vertices;
  while (!xml.atEnd()) {
    if (xml.readNext() != QXmlStreamReader::StartElement) continue;
    const QXmlStreamAttributes attributes = xml.attributes();
    if (xml.name() == QLatin1String("svg")) {
      const QStringList box = attributes.value(QLatin1String("viewBox")).toString().split(QLatin1Char(' '), Qt::SkipEmptyParts);
      if (box.size() == 4) width = box[2].toDouble(), height = box[3].toDouble();
    } else if (xml.name() == QLatin1String("path")) {
      const std::string d = attributes.value(QLatin1String("d")).toString().toStdString();
      for (const QPointF& p : PathReader(d).vertices()) vertices.push_back(p);
    } else if (xml.name() == QLatin1String("line")) {
      vertices.emplace_back(attributes.value(QLatin1String("x1")).toDouble(), attributes.value(QLatin1String("y1")).toDouble());
      vertices.emplace_back(attributes.value(QLatin1String("x2")).toDouble(), attributes.value(QLatin1String("y2")).toDouble());
    }
  }
  std::vector<QPointF> anchors;
  auto on = [](double v, double edge) { return std::abs(v - edge) < 0.5; };
  for (const QPointF& p : vertices) {
    const bool vertical = on(p.x(), 0) || on(p.x(), width);
    const bool horizontal = on(p.y(), 0) || on(p.y(), height);
    if (vertical == horizontal) continue;  // inside, or a corner
    bool known = false;
    for (const QPointF& q : anchors) known = known || (on(p.x(), q.x()) && on(p.y(), q.y()));
    if (!known) anchors.push_back(p);
  }
  return anchors;
}

}  // namespace kelvin::gui
