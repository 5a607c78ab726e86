#include "analysis/plot_style.h"

#include "qcustomplot.h"

namespace kelvin::gui {

QColor plotColor(int k) {
  static const QColor colors[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28), QColor(0x2c, 0xa0, 0x2c),
                                  QColor(0xff, 0x7f, 0x0e), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
                                  QColor(0xe3, 0x77, 0xc2), QColor(0x17, 0xbe, 0xcf)};
  return colors[k % 8];
}

void stylePlot(QCustomPlot* plot) {
  plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot->legend->setBrush(QColor(255, 255, 255, 220));
  plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
  plot->xAxis2->setVisible(true);
  plot->yAxis2->setVisible(true);
  plot->xAxis2->setTickLabels(false);
  plot->yAxis2->setTickLabels(false);
  QObject::connect(plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), plot->xAxis2,
                   qOverload<const QCPRange&>(&QCPAxis::setRange));
  QObject::connect(plot->yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), plot->yAxis2,
                   qOverload<const QCPRange&>(&QCPAxis::setRange));
  for (QCPAxis* axis : {plot->xAxis, plot->yAxis}) {
    axis->grid()->setZeroLinePen(QPen(QColor(120, 120, 120), 1));
    axis->grid()->setSubGridVisible(false);
  }
}

void useLogFrequencyAxis(QCPAxisRect* rect) {
  for (QCPAxis* axis : {rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atTop)}) {
    axis->setScaleType(QCPAxis::stLogarithmic);
    axis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    axis->setNumberFormat(QStringLiteral("eb"));
    axis->setNumberPrecision(0);
  }
}

}  // namespace kelvin::gui
