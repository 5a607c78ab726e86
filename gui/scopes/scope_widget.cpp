#include "scopes/scope_widget.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <QElapsedTimer>
#include <QLabel>
#include <QTimer>
#include <QVBoxLayout>

#include "qcustomplot.h"
#include "scopes/run_history.h"
#include "scopes/run_result.h"
#include "scopes/scope_cursors.h"
#include "scopes/trace_plot.h"
#include "scopes/trace_statistics.h"

namespace kelvin::gui {

namespace {

constexpr int kRefreshMs = 30;

QColor traceColor(int k) {
  static const QColor colors[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28), QColor(0x2c, 0xa0, 0x2c),
                                  QColor(0xff, 0x7f, 0x0e), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
                                  QColor(0xe3, 0x77, 0xc2), QColor(0x17, 0xbe, 0xcf)};
  return colors[k % 8];
}

QString number(double x) { return QString::number(x, 'g', 5); }

/// Linear interpolation of (times, values) at t; NaN outside the samples.
double valueAt(const std::vector<double>& times, const std::vector<double>& values, double t) {
  const std::size_t n = std::min(times.size(), values.size());
  if (n == 0 || t < times.front() || t > times[n - 1]) return std::numeric_limits<double>::quiet_NaN();
  const std::size_t i = static_cast<std::size_t>(std::lower_bound(times.begin(), times.begin() + n, t) - times.begin());
  if (i == 0 || times[i] == t) return values[i];
  const double w = (t - times[i - 1]) / (times[i] - times[i - 1]);
  return values[i - 1] + w * (values[i] - values[i - 1]);
}

}  // namespace

ScopeWidget::ScopeWidget(RunHistory* history, QWidget* parent)
    : QWidget(parent), history_(history), plot_(new QCustomPlot(this)), readout_(new QLabel(this)),
      refreshTimer_(new QTimer(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addWidget(plot_, 1);
  layout->addWidget(readout_);
  readout_->setTextFormat(Qt::RichText);
  readout_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  readout_->setWordWrap(true);
  readout_->setContentsMargins(6, 0, 6, 4);

  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot_->setNoAntialiasingOnDrag(true);
  plot_->setPlottingHint(QCP::phFastPolylines, true);
  plot_->legend->setVisible(true);
  plot_->legend->setBrush(QColor(255, 255, 255, 220));
  plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
  plot_->xAxis->setLabel(tr("Time (s)"));
  plot_->xAxis2->setVisible(true);
  plot_->yAxis2->setVisible(true);
  plot_->xAxis2->setTickLabels(false);
  plot_->yAxis2->setTickLabels(false);
  connect(plot_->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), plot_->xAxis2,
          qOverload<const QCPRange&>(&QCPAxis::setRange));
  connect(plot_->yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), plot_->yAxis2,
          qOverload<const QCPRange&>(&QCPAxis::setRange));
  // A range change we did not make is the user zooming or panning: stop following the data.
  auto userRange = [this] {
    if (refreshing_) return;
    follow_ = false;
    scheduleRefresh();
  };
  connect(plot_->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, userRange);
  connect(plot_->yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, userRange);
  // The decimation is per pixel column: whenever the plot's width changes (the dock is resized,
  // shown, its tab raised), the data is decimated again for the new width before it is drawn.
  connect(plot_, &QCustomPlot::afterLayout, this, [this] {
    if (!refreshing_ && plot_->axisRect()->width() != decimatedColumns_) refresh();
  });
  cursors_ = new ScopeCursors(plot_);
  connect(cursors_, &ScopeCursors::moved, this, &ScopeWidget::updateReadout);

  refreshTimer_->setSingleShot(true);
  refreshTimer_->setInterval(kRefreshMs);
  connect(refreshTimer_, &QTimer::timeout, this, &ScopeWidget::refresh);
  connect(history_, &RunHistory::runAdded, this, [this](RunResult* run) {
    watch(run);
    follow_ = true;
    if (run->info().hasVariance) setSigmaFactor(run->info().sigmaFactor);
    rebuild();
  });
  if (RunResult* run = history_->current()) {
    watch(run);
    if (run->info().hasVariance) sigmaFactor_ = run->info().sigmaFactor;
  }
  rebuild();
}

ScopeWidget::~ScopeWidget() = default;

void ScopeWidget::watch(RunResult* run) {
  connect(run, &RunResult::appended, this, &ScopeWidget::scheduleRefresh);
  connect(run, &RunResult::noisyValuesChanged, this, &ScopeWidget::scheduleRefresh);
  connect(run, &RunResult::ended, this, &ScopeWidget::scheduleRefresh);
}

RunResult* ScopeWidget::currentRun() const { return history_->current(); }

void ScopeWidget::setSignals(const QStringList& signalNames) {
  signals_ = signalNames;
  defaultSignals_ = false;
  rebuild();
}

void ScopeWidget::setOverlayPrevious(bool on) {
  overlay_ = on;
  rebuild();
}

QStringList ScopeWidget::shownSignals() const {
  const RunResult* run = currentRun();
  if (!run) return {};
  if (defaultSignals_) return run->signalNames().mid(0, kDefaultTraceCount);
  QStringList shown;
  for (const QString& name : signals_)
    if (run->signalIndex(name) >= 0) shown << name;
  return shown;
}

void ScopeWidget::setSigmaFactor(double k) {
  if (k == sigmaFactor_) return;
  sigmaFactor_ = k;
  for (const auto& trace : traces_) trace->setSigmaFactor(k);
  scheduleRefresh();
  Q_EMIT sigmaFactorChanged(k);
}

void ScopeWidget::setNoisyTraceVisible(bool visible) {
  noisyVisible_ = visible;
  for (const auto& trace : traces_) trace->setNoisyVisible(visible);
  scheduleRefresh();
}

void ScopeWidget::setLogTime(bool on) {
  refreshing_ = true;
  plot_->xAxis->setScaleType(on ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
  plot_->xAxis->setTicker(on ? QSharedPointer<QCPAxisTicker>(new QCPAxisTickerLog)
                             : QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
  refreshing_ = false;
  autoscale();
}

void ScopeWidget::setLogValue(bool on) {
  refreshing_ = true;
  plot_->yAxis->setScaleType(on ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
  plot_->yAxis->setTicker(on ? QSharedPointer<QCPAxisTicker>(new QCPAxisTickerLog)
                             : QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
  refreshing_ = false;
  autoscale();
}

void ScopeWidget::setZoomOrientations(Qt::Orientations orientations) {
  plot_->axisRect()->setRangeZoom(orientations);
  plot_->axisRect()->setRangeDrag(orientations);
}

void ScopeWidget::autoscale() {
  follow_ = true;
  refresh();
}

void ScopeWidget::rebuild() {
  traces_.clear();
  std::vector<RunResult*> runs;
  if (RunResult* run = history_->current()) runs.push_back(run);
  if (RunResult* run = history_->previous(); run && overlay_) runs.push_back(run);
  for (std::size_t r = 0; r < runs.size(); ++r) {
    RunResult* run = runs[r];
    const QStringList names = defaultSignals_ ? run->signalNames().mid(0, kDefaultTraceCount) : signals_;
    for (int k = 0; k < names.size(); ++k) {
      const int signal = run->signalIndex(names[k]);
      if (signal < 0) continue;
      auto trace = std::make_unique<TracePlot>(plot_, run, signal, names[k], traceColor(k), r > 0);
      trace->setSigmaFactor(sigmaFactor_);
      trace->setNoisyVisible(noisyVisible_);
      traces_.push_back(std::move(trace));
    }
  }
  refresh();
}

void ScopeWidget::scheduleRefresh() {
  if (refreshTimer_->isActive()) return;
  // A frame budget: the scope takes at most about a quarter of the GUI thread, waiting three
  // times what its last refresh and replot took (at least kRefreshMs).
  const double cost = lastRefreshMs_ + plot_->replotTime();
  refreshTimer_->setInterval(std::max(kRefreshMs, static_cast<int>(std::ceil(3 * cost))));
  refreshTimer_->start();
}

void ScopeWidget::refresh() {
  QElapsedTimer clock;
  clock.start();
  refreshTimer_->stop();
  refreshing_ = true;
  if (follow_) fitToData();
  const QCPRange x = plot_->xAxis->range();
  decimatedColumns_ = plot_->axisRect()->width();
  TimeAxisView view{x.lower, x.upper, plot_->xAxis->scaleType() == QCPAxis::stLogarithmic,
                    std::max(1, decimatedColumns_)};
  for (const auto& trace : traces_) trace->refresh(view);
  if (follow_) {
    // Values: fit the decimated data, which keeps every column's extremes, so the fit is exact.
    bool found = false;
    QCPRange y;
    const QCP::SignDomain domain =
        plot_->yAxis->scaleType() == QCPAxis::stLogarithmic ? QCP::sdPositive : QCP::sdBoth;
    for (int g = 0; g < plot_->graphCount(); ++g) {
      if (!plot_->graph(g)->visible()) continue;
      bool ok = false;
      const QCPRange r = plot_->graph(g)->getValueRange(ok, domain, x);
      if (!ok) continue;
      y = found ? QCPRange(std::min(y.lower, r.lower), std::max(y.upper, r.upper)) : r;
      found = true;
    }
    if (found) {
      const double margin = y.size() > 0 ? 0.05 * y.size() : std::max(1e-12, 0.1 * std::abs(y.center()));
      if (domain == QCP::sdPositive)
        plot_->yAxis->setRange(y.lower / 1.1, y.upper * 1.1);
      else
        plot_->yAxis->setRange(y.lower - margin, y.upper + margin);
    }
  }
  refreshing_ = false;
  updateReadout();
  plot_->replot(QCustomPlot::rpQueuedReplot);
  lastRefreshMs_ = clock.nsecsElapsed() * 1e-6;
}

void ScopeWidget::fitToData() {
  const RunResult* run = currentRun();
  if (!run) return;
  double lower = run->info().startTime;
  double upper = std::max(run->info().stopTime, run->times().empty() ? lower : run->times().back());
  if (plot_->xAxis->scaleType() == QCPAxis::stLogarithmic) {
    const auto positive = std::upper_bound(run->times().begin(), run->times().end(), 0.0);
    lower = positive != run->times().end() ? *positive : upper * 1e-6;
  }
  if (upper > lower) plot_->xAxis->setRange(lower, upper);
}

QString ScopeWidget::readoutText() const { return readout_->text(); }

void ScopeWidget::updateReadout() {
  QStringList lines;
  const QCPRange x = plot_->xAxis->range();
  for (const auto& trace : traces_) {
    const RunResult* run = trace->run();
    if (!run || run != currentRun()) continue;
    const TraceStatistics s = TraceStatistics::over(run->times(), run->values(trace->signal()), x.lower, x.upper);
    if (s.count == 0) continue;
    lines << tr("<b>%1</b>: min %2, max %3, RMS %4")
                 .arg(trace->name().toHtmlEscaped(), number(s.min), number(s.max), number(s.rms));
  }
  if (cursors_->isVisible()) {
    const double t1 = cursors_->time(0), t2 = cursors_->time(1);
    const double dt = t2 - t1;
    lines << tr("t1 = %1 s, t2 = %2 s, Δt = %3 s, 1/Δt = %4 Hz; y1 = %5, y2 = %6, Δy = %7")
                 .arg(number(t1), number(t2), number(dt), dt != 0 ? number(1 / dt) : QStringLiteral("∞"),
                      number(cursors_->value(0)), number(cursors_->value(1)),
                      number(cursors_->value(1) - cursors_->value(0)));
    QStringList atCursor;
    for (const auto& trace : traces_) {
      const RunResult* run = trace->run();
      if (!run || run != currentRun()) continue;
      const double y = valueAt(run->times(), run->values(trace->signal()), t1);
      if (std::isnan(y)) continue;
      QString item = tr("%1(t1) = %2").arg(trace->name().toHtmlEscaped(), number(y));
      const std::vector<double>& variance = run->variances(trace->signal());
      if (!variance.empty()) item += tr(", σ = %1").arg(number(std::sqrt(std::max(0.0, valueAt(run->times(), variance, t1)))));
      atCursor << item;
    }
    if (!atCursor.isEmpty()) lines << atCursor.join(QStringLiteral("; "));
  }
  readout_->setText(lines.join(QStringLiteral("<br>")));
}

}  // namespace kelvin::gui
