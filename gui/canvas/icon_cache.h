#pragma once
// The block icons, read once per type from the SVG resources and rendered
// to pixmaps per zoom step, so that painting a block is a pixmap blit and
// 2,000 blocks pan and zoom smoothly. Owned by the scene; the SvgIcon
// pointers it hands out stay valid for its lifetime.

#include <array>
#include <map>
#include <memory>

#include <QPixmap>
#include <QString>

class QPainter;
class QRectF;
class QSvgRenderer;

namespace kelvin::gui {

class SvgIcon {
 public:
  explicit SvgIcon(const QString& resourcePath);
  ~SvgIcon();

  bool isValid() const;
  /// Draws the icon into `target` (item coordinates) at the painter's current scale.
  void paint(QPainter* painter, const QRectF& target) const;
  /// The icon rendered `size` pixels large, for the palette.
  QPixmap pixmap(QSize size) const;

 private:
  static constexpr int kSteps = 24;  // zoom steps of √2 from 1/16 to 256
  std::unique_ptr<QSvgRenderer> renderer_;
  mutable std::array<QPixmap, kSteps> cache_;
};

class IconCache {
 public:
  IconCache();
  ~IconCache();

  /// The icon at a resource path (":/icons/electrical/resistor.svg"), a file, or given as SVG
  /// markup ("<svg ..."); nullptr if it cannot be read.
  const SvgIcon* icon(const QString& resourcePath);

 private:
  std::map<QString, std::unique_ptr<SvgIcon>> icons_;
};

}  // namespace kelvin::gui
