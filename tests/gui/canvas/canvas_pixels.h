#pragma once
// What the canvas tests read off the screen: the canvas's pixels as the window shows them, and
// whether a colour is there around a point.

#include <QCoreApplication>
#include <QImage>
#include <QScreen>
#include <QWidget>

namespace kelvin::test {

/// What the canvas shows now: its pixels in the window's backing store once the pending
/// repaints are done (QWidget::grab would paint it afresh and hide a trace left behind).
inline QImage shown(QWidget* viewport) {
  for (int i = 0; i < 3; ++i) QCoreApplication::processEvents();
  QWidget* window = viewport->window();
  const QPoint at = viewport->mapTo(window, QPoint(0, 0));
  return viewport->screen()
      ->grabWindow(window->winId(), at.x(), at.y(), viewport->width(), viewport->height())
      .toImage();
}

/// Whether `color` is within a pixel of `at` in `image` (a line two units wide covers at least one
/// whole pixel row or column at 100 %, and a silhouette a pixel high may round to the row above or
/// below the centre mapFromScene gives).
inline bool near(const QImage& image, QPoint at, QColor color) {
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (image.pixelColor(at + QPoint(dx, dy)).rgb() == color.rgb()) return true;
  return false;
}

}  // namespace kelvin::test
