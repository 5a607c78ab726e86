#include "sweep/sweep_window.h"

#include <algorithm>
#include <cmath>

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include "analysis/plot_style.h"
#include "model/model.h"
#include "qcustomplot.h"
#include "scopes/run_history.h"
#include "sweep/ensemble_band.h"
#include "sweep/sweep_job.h"

namespace kelvin::gui {

namespace {
/// Runs drawn one by one on the overlay plot; the band covers all of them.
constexpr int kMaxDrawnRuns = 200;

QString number(double v) { return std::isnan(v) ? QStringLiteral("—") : QString::number(v, 'g', 6); }
}  // namespace

SweepWindow::SweepWindow(const core::Model& model, const core::BlockRegistry& registry, const QString& file,
                         SweepRequest request, RunHistory* history, QWidget* parent)
    : QWidget(parent, Qt::Window),
      history_(history),
      job_(nullptr),
      status_(new QLabel(tr("Checking the sweep and compiling the model…"), this)),
      progress_(new QProgressBar(this)),
      eta_(new QLabel(this)),
      cancel_(new QPushButton(tr("Cancel"), this)),
      signal_(new QComboBox(this)),
      band_(new QComboBox(this)),
      runsPlot_(new QCustomPlot(this)),
      measure_(new QComboBox(this)),
      axis_(new QComboBox(this)),
      measurePlot_(new QCustomPlot(this)),
      table_(new QTableWidget(this)) {
  setObjectName(QStringLiteral("sweepWindow"));
  setWindowTitle(tr("Sweep — %1").arg(QString::fromStdString(model.name)));
  setAttribute(Qt::WA_DeleteOnClose);
  status_->setWordWrap(true);
  progress_->setRange(0, 0);
  auto* top = new QHBoxLayout;
  top->addWidget(progress_, 1);
  top->addWidget(eta_);
  top->addWidget(cancel_);

  band_->addItems({tr("Band: min / max"), tr("Band: mean ± σ")});
  stylePlot(runsPlot_);
  stylePlot(measurePlot_);
  runsPlot_->xAxis->setLabel(tr("time [s]"));
  auto* runsBar = new QHBoxLayout;
  runsBar->addWidget(new QLabel(tr("Signal:"), this));
  runsBar->addWidget(signal_, 1);
  runsBar->addWidget(band_);
  auto* runsPage = new QWidget(this);
  auto* runsLayout = new QVBoxLayout(runsPage);
  runsLayout->addLayout(runsBar);
  runsLayout->addWidget(runsPlot_, 1);

  auto* measureBar = new QHBoxLayout;
  measureBar->addWidget(new QLabel(tr("Measure:"), this));
  measureBar->addWidget(measure_, 1);
  measureBar->addWidget(new QLabel(tr("against:"), this));
  measureBar->addWidget(axis_, 1);
  auto* measurePage = new QWidget(this);
  auto* measureLayout = new QVBoxLayout(measurePage);
  measureLayout->addLayout(measureBar);
  measureLayout->addWidget(measurePlot_, 1);

  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->verticalHeader()->hide();
  auto* tabs = new QTabWidget(this);
  tabs->addTab(runsPage, tr("Runs"));
  tabs->addTab(measurePage, tr("Measures"));
  tabs->addTab(table_, tr("Table"));

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(status_);
  layout->addLayout(top);
  layout->addWidget(tabs, 1);
  resize(900, 640);

  job_ = new SweepJob(model, registry, file, std::move(request), this);
  connect(cancel_, &QPushButton::clicked, job_, &SweepJob::cancel);
  connect(job_, &SweepJob::started, this, &SweepWindow::onStarted);
  connect(job_, &SweepJob::progressed, this, &SweepWindow::onProgress);
  connect(job_, &SweepJob::finished, this, &SweepWindow::onFinished);
  connect(job_, &SweepJob::failed, this, &SweepWindow::onFailed);
  connect(signal_, &QComboBox::currentIndexChanged, this, &SweepWindow::plotRuns);
  connect(band_, &QComboBox::currentIndexChanged, this, &SweepWindow::plotRuns);
  connect(measure_, &QComboBox::currentIndexChanged, this, &SweepWindow::plotMeasure);
  connect(axis_, &QComboBox::currentIndexChanged, this, &SweepWindow::plotMeasure);
}

SweepWindow::~SweepWindow() = default;

void SweepWindow::onStarted(long runs) {
  status_->setText(tr("Running %n run(s)…", nullptr, static_cast<int>(runs)));
  progress_->setRange(0, static_cast<int>(runs));
  progress_->setValue(0);
  const core::SweepRunner* runner = job_->runner();
  for (const std::string& s : runner->traceSignals()) signal_->addItem(QString::fromStdString(s));
  for (const core::Measure& m : runner->measures()) measure_->addItem(QString::fromStdString(m.name()));
  axis_->addItem(tr("Histogram"));
  for (const std::string& p : runner->spec().parameterNames()) axis_->addItem(QString::fromStdString(p));
}

void SweepWindow::onProgress(long done, long total, double secondsLeft) {
  progress_->setValue(static_cast<int>(done));
  eta_->setText(secondsLeft < 0 ? QString()
                                : tr("%1 of %2 runs, about %3 s left").arg(done).arg(total).arg(std::ceil(secondsLeft)));
}

void SweepWindow::onFinished(bool cancelled) {
  cancel_->setEnabled(false);
  long failures = 0;
  for (const core::SweepRunResult& r : job_->results()) failures += !r.error.empty();
  const long made = static_cast<long>(job_->results().size());
  status_->setText((cancelled ? tr("Cancelled after %1 runs.").arg(made) : tr("%1 runs made.").arg(made)) +
                   (failures ? QLatin1Char(' ') + tr("%1 failed (see the table).").arg(failures) : QString()));
  eta_->clear();
  fillTable();
  plotRuns();
  plotMeasure();
  publishToScopes();
  Q_EMIT ended();
}

void SweepWindow::onFailed(const QString& message) {
  cancel_->setEnabled(false);
  progress_->setRange(0, 1);
  progress_->setValue(0);
  status_->setText(tr("The sweep was refused: %1").arg(message));
  Q_EMIT ended();
}

void SweepWindow::plotRuns() {
  runsPlot_->clearGraphs();
  const std::string signal = signal_->currentText().toStdString();
  if (job_->isRunning() || signal.empty()) return;
  std::vector<const core::Trace*> traces;
  for (const core::SweepRunResult& r : job_->results())
    if (r.error.empty()) traces.push_back(&r.trace);
  int drawn = 0;
  for (const core::Trace* t : traces) {
    const std::vector<double>* x = t->column(signal);
    if (!x || drawn++ >= kMaxDrawnRuns) continue;
    QCPGraph* g = runsPlot_->addGraph();
    g->removeFromLegend();
    QColor c = plotColor(0);
    c.setAlpha(60);
    g->setPen(QPen(c, 1));
    g->setData(QVector<double>(t->time.begin(), t->time.end()), QVector<double>(x->begin(), x->end()), true);
  }
  const core::EnsembleBand band = core::ensembleBand(traces, signal);
  if (band.runs > 0) {
    const QVector<double> time(band.time.begin(), band.time.end());
    const bool minMax = band_->currentIndex() == 0;
    QVector<double> lower, upper;
    for (std::size_t i = 0; i < band.time.size(); ++i) {
      lower << (minMax ? band.min[i] : band.mean[i] - band.sigma[i]);
      upper << (minMax ? band.max[i] : band.mean[i] + band.sigma[i]);
    }
    QCPGraph* low = runsPlot_->addGraph();
    QCPGraph* high = runsPlot_->addGraph();
    QColor edge = plotColor(1);
    low->setPen(QPen(edge, 1, Qt::DashLine));
    high->setPen(QPen(edge, 1, Qt::DashLine));
    edge.setAlpha(40);
    high->setBrush(edge);
    high->setChannelFillGraph(low);
    low->setName(minMax ? tr("min / max") : tr("mean ± σ"));
    high->removeFromLegend();
    low->setData(time, lower, true);
    high->setData(time, upper, true);
    QCPGraph* mean = runsPlot_->addGraph();
    mean->setPen(QPen(plotColor(1), 2));
    mean->setName(tr("mean of %n run(s)", nullptr, band.runs));
    mean->setData(time, QVector<double>(band.mean.begin(), band.mean.end()), true);
  }
  runsPlot_->yAxis->setLabel(signal_->currentText());
  runsPlot_->rescaleAxes();
  runsPlot_->replot();
}

void SweepWindow::plotMeasure() {
  measurePlot_->clearPlottables();
  const int m = measure_->currentIndex();
  if (job_->isRunning() || m < 0) {
    measurePlot_->replot();
    return;
  }
  std::vector<double> values, xs;
  const int parameter = axis_->currentIndex() - 1;  // -1: histogram
  for (const core::SweepRunResult& r : job_->results()) {
    if (!r.error.empty() || std::isnan(r.measures[m])) continue;
    values.push_back(r.measures[m]);
    if (parameter >= 0) xs.push_back(r.parameters[parameter]);
  }
  measurePlot_->xAxis->setLabel(parameter >= 0 ? axis_->currentText() : measure_->currentText());
  measurePlot_->yAxis->setLabel(parameter >= 0 ? measure_->currentText() : tr("runs"));
  if (values.empty()) {
    measurePlot_->replot();
    return;
  }
  if (parameter >= 0) {
    QCPGraph* g = measurePlot_->addGraph();
    g->setLineStyle(QCPGraph::lsNone);
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, plotColor(0), 5));
    g->setName(measure_->currentText());
    g->setData(QVector<double>(xs.begin(), xs.end()), QVector<double>(values.begin(), values.end()));
  } else {
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    const int bins = std::clamp(static_cast<int>(std::ceil(std::sqrt(values.size()))), 5, 50);
    const double width = *hi > *lo ? (*hi - *lo) / bins : 1.0;
    QVector<double> centres(bins), counts(bins, 0.0);
    for (int b = 0; b < bins; ++b) centres[b] = *lo + (b + 0.5) * width;
    for (double v : values) counts[std::min(bins - 1, static_cast<int>((v - *lo) / width))] += 1.0;
    auto* bars = new QCPBars(measurePlot_->xAxis, measurePlot_->yAxis);
    bars->setWidth(width * 0.9);
    bars->setBrush(plotColor(0));
    bars->setName(tr("%1 (%n run(s))", nullptr, static_cast<int>(values.size())).arg(measure_->currentText()));
    bars->setData(centres, counts, true);
  }
  measurePlot_->rescaleAxes();
  measurePlot_->xAxis->scaleRange(1.1, measurePlot_->xAxis->range().center());  // whole bars and points at the edges
  measurePlot_->yAxis->scaleRange(1.1, measurePlot_->yAxis->range().center());
  measurePlot_->replot();
}

void SweepWindow::fillTable() {
  const core::SweepRunner* runner = job_->runner();
  if (!runner) return;
  QStringList header{tr("run")};
  for (const std::string& p : runner->spec().parameterNames()) header << QString::fromStdString(p);
  for (const core::Measure& m : runner->measures()) header << QString::fromStdString(m.name());
  header << tr("status");
  std::vector<const core::SweepRunResult*> rows;
  for (const core::SweepRunResult& r : job_->results()) rows.push_back(&r);
  std::sort(rows.begin(), rows.end(), [](auto* a, auto* b) { return a->run < b->run; });
  table_->setColumnCount(header.size());
  table_->setHorizontalHeaderLabels(header);
  table_->setRowCount(static_cast<int>(rows.size()));
  for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
    const core::SweepRunResult& r = *rows[i];
    int c = 0;
    table_->setItem(i, c++, new QTableWidgetItem(QString::number(r.run)));
    for (double v : r.parameters) table_->setItem(i, c++, new QTableWidgetItem(number(v)));
    for (double v : r.measures) table_->setItem(i, c++, new QTableWidgetItem(number(v)));
    table_->setItem(i, c, new QTableWidgetItem(r.error.empty() ? tr("ok") : QString::fromStdString(r.error)));
  }
  table_->resizeColumnsToContents();
}

void SweepWindow::publishToScopes() {
  const core::SweepRunner* runner = job_->runner();
  if (!history_ || !runner) return;
  std::vector<const core::Trace*> traces;
  for (const core::SweepRunResult& r : job_->results())
    if (r.error.empty()) traces.push_back(&r.trace);
  std::vector<core::EnsembleBand> bands;
  RunInfo info;
  for (const std::string& s : runner->traceSignals()) {
    bands.push_back(core::ensembleBand(traces, s));
    if (bands.back().runs == 0 || bands.back().time != bands.front().time) return;  // nothing common to show
    info.signalNames << QString::fromStdString(s);
  }
  if (bands.empty()) return;
  const std::vector<double>& time = bands.front().time;
  info.startTime = time.front();
  info.stopTime = time.back();
  info.hasVariance = true;
  info.sigmaFactor = 1.0;  // the band of the spread over the runs: mean ± σ
  info.expectedSamples = time.size();
  SampleBatch batch;
  std::vector<double> row(bands.size()), variance(bands.size());
  for (std::size_t i = 0; i < time.size(); ++i) {
    for (std::size_t k = 0; k < bands.size(); ++k) {
      row[k] = bands[k].mean[i];
      variance[k] = bands[k].sigma[i] * bands[k].sigma[i];
    }
    batch.addRow(time[i], row, &variance);
  }
  RunResult* run = history_->beginRun(info);
  run->append(batch);
  RunOutcome outcome;
  outcome.endTime = time.back();
  run->finish(outcome);
}

}  // namespace kelvin::gui
