#include "scopes/trace_plot.h"

#include <cmath>

#include "scopes/run_result.h"

namespace kelvin::gui {

TracePlot::TracePlot(QCustomPlot* plot, RunResult* run, int signal, const QString& name, QColor color, bool overlay)
    : plot_(plot), run_(run), signal_(signal), name_(name), line_(plot->addGraph()) {
  // Width-1 pens: Qt strokes them on its fast path (a wider antialiased pen over a dense
  // min/max zig-zag costs seconds per replot).
  QPen pen(color, 1.0);
  if (overlay) {
    pen.setStyle(Qt::DashLine);
    pen.setColor(color.lighter(130));
  }
  line_->setPen(pen);
  line_->setAdaptiveSampling(false);  // decimateMinMax already did it
  line_->setName(overlay ? QObject::tr("%1 (%2)").arg(name, run->label()) : name);
  if (overlay || !run->info().hasVariance) return;
  // The band: mean + kσ filled down to mean − kσ, behind the mean line, not in the legend.
  QColor fill = color;
  fill.setAlpha(60);
  QColor edge = color;
  edge.setAlpha(110);
  upper_ = plot->addGraph();
  lower_ = plot->addGraph();
  for (QCPGraph* g : {upper_, lower_}) {
    g->setPen(QPen(edge, 1.0));
    g->setAdaptiveSampling(false);
    g->removeFromLegend();
    g->setLayer(QStringLiteral("background"));
  }
  upper_->setBrush(fill);
  upper_->setChannelFillGraph(lower_);
  noisy_ = plot->addGraph();
  QColor noisyColor = color.darker(140);
  noisyColor.setAlpha(150);
  noisy_->setPen(QPen(noisyColor, 1.0));
  noisy_->setAdaptiveSampling(false);
  noisy_->setName(QObject::tr("%1 (noisy realisation)").arg(name));
  noisy_->removeFromLegend();
}

TracePlot::~TracePlot() {
  for (QCPGraph* g : {line_, upper_, lower_, noisy_})
    if (g) plot_->removeGraph(g);
}

bool TracePlot::hasBand() const { return upper_ != nullptr; }

void TracePlot::setSigmaFactor(double k) {
  if (k == sigmaFactor_) return;
  sigmaFactor_ = k;
  upperValues_.clear();
  lowerValues_.clear();
}

void TracePlot::setNoisyVisible(bool visible) { noisyVisible_ = visible; }

void TracePlot::updateBandCache() {
  const std::vector<double>& mean = run_->values(signal_);
  const std::vector<double>& variance = run_->variances(signal_);
  const std::size_t n = std::min(mean.size(), variance.size());
  if (upperValues_.size() > n) {  // the run's in-memory view was compacted: its samples were regrouped
    upperValues_.clear();
    lowerValues_.clear();
  }
  for (std::size_t i = upperValues_.size(); i < n; ++i) {
    const double halfWidth = sigmaFactor_ * std::sqrt(std::max(0.0, variance[i]));
    upperValues_.push_back(mean[i] + halfWidth);
    lowerValues_.push_back(mean[i] - halfWidth);
  }
}

void TracePlot::refresh(const TimeAxisView& view) {
  if (!run_) return;
  const std::vector<double>& times = run_->times();
  line_->data()->set(decimateMinMax(times, run_->values(signal_), view), true);
  if (!upper_) return;
  updateBandCache();
  upper_->data()->set(decimateMinMax(times, upperValues_, view), true);
  lower_->data()->set(decimateMinMax(times, lowerValues_, view), true);
  const std::vector<double>& noisy = run_->noisyValues(signal_);
  const bool showNoisy = noisyVisible_ && !noisy.empty();
  noisy_->setVisible(showNoisy);
  if (showNoisy) noisy_->data()->set(decimateMinMax(times, noisy, view), true);
  if (showNoisy != plot_->legend->hasItemWithPlottable(noisy_)) {
    if (showNoisy)
      noisy_->addToLegend();
    else
      noisy_->removeFromLegend();
  }
}

}  // namespace kelvin::gui
