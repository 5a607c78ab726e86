#include "scopes/scope_cursors.h"

#include <cmath>

#include "qcustomplot.h"

namespace kelvin::gui {

namespace {
constexpr double kGrabPixels = 6.0;
}

ScopeCursors::ScopeCursors(QCustomPlot* plot) : QObject(plot), plot_(plot) {
  const QColor colors[] = {QColor(0xd8, 0x1b, 0x60), QColor(0x1e, 0x88, 0xe5)};
  for (int k = 0; k < 2; ++k) {
    QPen pen(colors[k], 1.0, Qt::DashLine);
    vertical_[k] = new QCPItemStraightLine(plot);
    horizontal_[k] = new QCPItemStraightLine(plot);
    for (QCPItemStraightLine* line : {vertical_[k], horizontal_[k]}) {
      line->setPen(pen);
      line->setSelectable(false);
      line->setVisible(false);
    }
  }
  connect(plot, &QCustomPlot::mousePress, this, &ScopeCursors::onPress);
  connect(plot, &QCustomPlot::mouseMove, this, &ScopeCursors::onMove);
  connect(plot, &QCustomPlot::mouseRelease, this, &ScopeCursors::onRelease);
}

void ScopeCursors::setVisible(bool visible) {
  visible_ = visible;
  if (visible && !placed_) {
    const QCPRange x = plot_->xAxis->range(), y = plot_->yAxis->range();
    setTimes(x.lower + x.size() / 3, x.lower + 2 * x.size() / 3);
    setValues(y.lower + y.size() / 3, y.lower + 2 * y.size() / 3);
  }
  for (int k = 0; k < 2; ++k) {
    vertical_[k]->setVisible(visible);
    horizontal_[k]->setVisible(visible);
  }
  plot_->replot(QCustomPlot::rpQueuedReplot);
  Q_EMIT moved();
}

void ScopeCursors::setTimes(double t1, double t2) {
  times_ = {t1, t2};
  placed_ = true;
  place();
}

void ScopeCursors::setValues(double y1, double y2) {
  values_ = {y1, y2};
  placed_ = true;
  place();
}

void ScopeCursors::place() {
  for (int k = 0; k < 2; ++k) {
    vertical_[k]->point1->setCoords(times_[k], 1);
    vertical_[k]->point2->setCoords(times_[k], 2);
    // Two points on the line; 1 and 2 are valid on log axes too.
    horizontal_[k]->point1->setCoords(1, values_[k]);
    horizontal_[k]->point2->setCoords(2, values_[k]);
  }
  plot_->replot(QCustomPlot::rpQueuedReplot);
  Q_EMIT moved();
}

void ScopeCursors::onPress(QMouseEvent* event) {
  if (!visible_ || event->button() != Qt::LeftButton) return;
  const QPointF p = event->position();
  double best = kGrabPixels;
  dragged_ = -1;
  for (int k = 0; k < 2; ++k) {
    const double dx = std::abs(plot_->xAxis->coordToPixel(times_[k]) - p.x());
    const double dy = std::abs(plot_->yAxis->coordToPixel(values_[k]) - p.y());
    if (dx < best) best = dx, dragged_ = k;
    if (dy < best) best = dy, dragged_ = k + 2;
  }
  if (dragged_ >= 0) plot_->setInteraction(QCP::iRangeDrag, false);
}

void ScopeCursors::onMove(QMouseEvent* event) {
  if (dragged_ < 0) return;
  const QPointF p = event->position();
  if (dragged_ < 2) {
    times_[static_cast<std::size_t>(dragged_)] = plot_->xAxis->pixelToCoord(p.x());
  } else {
    values_[static_cast<std::size_t>(dragged_ - 2)] = plot_->yAxis->pixelToCoord(p.y());
  }
  place();
}

void ScopeCursors::onRelease(QMouseEvent*) {
  if (dragged_ < 0) return;
  dragged_ = -1;
  plot_->setInteraction(QCP::iRangeDrag, true);
}

}  // namespace kelvin::gui
