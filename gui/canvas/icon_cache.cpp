#include "canvas/icon_cache.h"

#include <cmath>

#include <QPainter>
#include <QSvgRenderer>

#include "gui_resources.h"

namespace kelvin::gui {

SvgIcon::SvgIcon(const QString& resourcePath) : renderer_(std::make_unique<QSvgRenderer>()) {
  // A user component may declare its icon as SVG markup rather than a file.
  if (resourcePath.startsWith(QLatin1Char('<')))
    renderer_->load(resourcePath.toUtf8());
  else
    renderer_->load(resourcePath);
}

SvgIcon::~SvgIcon() = default;

bool SvgIcon::isValid() const { return renderer_->isValid(); }

QPixmap SvgIcon::pixmap(QSize size) const {
  QPixmap pixmap(size);
  pixmap.fill(Qt::transparent);
  QPainter painter(&pixmap);
  painter.setRenderHint(QPainter::Antialiasing);
  renderer_->render(&painter, QRectF(QPointF(0, 0), QSizeF(size)));
  return pixmap;
}

void SvgIcon::paint(QPainter* painter, const QRectF& target) const {
  const QTransform& t = painter->worldTransform();
  const double scale = std::sqrt(std::abs(t.m11() * t.m22() - t.m12() * t.m21())) * painter->device()->devicePixelRatioF();
  // Steps of √2: index 8 is scale 1.
  int step = static_cast<int>(std::ceil(2.0 * std::log2(std::max(scale, 1e-6)))) + 8;
  step = std::clamp(step, 0, kSteps - 1);
  QPixmap& pixmap = cache_[static_cast<std::size_t>(step)];
  if (pixmap.isNull()) {
    const double s = std::pow(2.0, (step - 8) / 2.0);
    pixmap = this->pixmap(QSize(std::max(1, static_cast<int>(std::ceil(target.width() * s))),
                                std::max(1, static_cast<int>(std::ceil(target.height() * s)))));
  }
  painter->drawPixmap(target, pixmap, QRectF(pixmap.rect()));
}

IconCache::IconCache() { initResources(); }

IconCache::~IconCache() = default;

const SvgIcon* IconCache::icon(const QString& resourcePath) {
  auto it = icons_.find(resourcePath);
  if (it == icons_.end()) {
    auto icon = std::make_unique<SvgIcon>(resourcePath);
    if (!icon->isValid()) icon.reset();
    it = icons_.emplace(resourcePath, std::move(icon)).first;
  }
  return it->second.get();
}

}  // namespace kelvin::gui
