#include "analysis/pole_plot.h"

#include <algorithm>
#include <cmath>

#include <QLabel>
#include <QVBoxLayout>

#include "analysis/plot_style.h"
#include "qcustomplot.h"

namespace kelvin::gui {

PolePlot::PolePlot(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this)), summary_(new QLabel(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(plot_, 1);
  layout->addWidget(summary_);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  summary_->setWordWrap(true);
  summary_->setContentsMargins(6, 0, 6, 4);
  stylePlot(plot_);
  plot_->xAxis->setLabel(tr("Re (1/s)"));
  plot_->yAxis->setLabel(tr("Im (1/s)"));
}

void PolePlot::setPoles(const Eigen::VectorXcd& poles) {
  poles_ = poles;
  plot_->clearGraphs();
  QCPGraph* graph = plot_->addGraph();
  graph->setLineStyle(QCPGraph::lsNone);
  QCPScatterStyle cross(QCPScatterStyle::ssCross, plotColor(1), 10);
  cross.setPen(QPen(plotColor(1), 2));
  graph->setScatterStyle(cross);
  graph->setName(tr("Poles"));
  double extent = 0.0;
  QStringList lines;
  for (Eigen::Index i = 0; i < poles.size(); ++i) {
    const std::complex<double> p = poles(i);
    if (!std::isfinite(p.real()) || !std::isfinite(p.imag())) continue;
    graph->addData(p.real(), p.imag());
    extent = std::max({extent, std::abs(p.real()), std::abs(p.imag())});
    lines << QStringLiteral("%1 %2 %3j")
                 .arg(p.real(), 0, 'g', 6)
                 .arg(p.imag() < 0 ? QLatin1Char('-') : QLatin1Char('+'))
                 .arg(std::abs(p.imag()), 0, 'g', 6);
  }
  if (extent == 0.0) extent = 1.0;
  plot_->xAxis->setRange(-1.15 * extent, 1.15 * extent);
  plot_->yAxis->setRange(-1.15 * extent, 1.15 * extent);
  summary_->setText(lines.isEmpty() ? tr("No poles.") : tr("Poles: %1").arg(lines.join(QStringLiteral(", "))));
  plot_->replot();
}

}  // namespace kelvin::gui
