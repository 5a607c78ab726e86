#include "analysis/frequency_window.h"

#include <algorithm>
#include <cmath>

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHideEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSpinBox>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include "analysis/close_controls.h"
#include "analysis/plot_style.h"
#include "analysis/pole_plot.h"
#include "expr/si_number.h"
#include "qcustomplot.h"
#include "run/analysis_cancelled.h"

namespace kelvin::gui {

namespace {

/// How often the status counts the frequencies a sweep has done.
constexpr int kProgressIntervalMs = 200;

/// What one request computes: the transfer (empty without an input and an output) and D(ω).
struct Sweeps {
  core::FrequencySweep transfer;
  core::FrequencySweep mikhailov;
};

QCPAxisRect* addBodeRect(QCustomPlot* plot, QCPMarginGroup* margins, const QString& yLabel) {
  auto* rect = new QCPAxisRect(plot);
  rect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
  rect->axis(QCPAxis::atLeft)->setLabel(yLabel);
  rect->axis(QCPAxis::atTop)->setVisible(true);
  rect->axis(QCPAxis::atTop)->setTickLabels(false);
  rect->axis(QCPAxis::atRight)->setVisible(true);
  rect->axis(QCPAxis::atRight)->setTickLabels(false);
  rect->setRangeDrag(Qt::Horizontal | Qt::Vertical);
  rect->setRangeZoom(Qt::Horizontal | Qt::Vertical);
  useLogFrequencyAxis(rect);
  return rect;
}

}  // namespace

FrequencyWindow::FrequencyWindow(QWidget* parent)
    : QWidget(parent, Qt::Window), status_(new QLabel(this)), w1_(new QComboBox(this)), w2_(new QComboBox(this)),
      fmin_(new QLineEdit(this)), fmax_(new QLineEdit(this)),
      points_(new QSpinBox(this)), tabs_(new QTabWidget(this)), bode_(new QCustomPlot(this)),
      nyquist_(new QCustomPlot(this)), mikhailovPlot_(new QCustomPlot(this)), poles_(new PolePlot(this)),
      progressTimer_(new QTimer(this)) {
  setWindowTitle(tr("Frequency Response"));
  progressTimer_->setInterval(kProgressIntervalMs);
  connect(progressTimer_, &QTimer::timeout, this, [this] {
    if (done_) status_->setText(tr("Computing the frequency response: %1 of %2 frequencies…").arg(done_->load()).arg(total_));
  });
  auto* layout = new QVBoxLayout(this);
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(status_);
  auto* controls = new QHBoxLayout;
  points_->setRange(2, 100000);
  points_->setValue(core::FrequencyPlan::kDefaultPoints);
  fmin_->setObjectName(QStringLiteral("frequencyFmin"));
  fmax_->setObjectName(QStringLiteral("frequencyFmax"));
  points_->setObjectName(QStringLiteral("frequencyPoints"));
  fmin_->setToolTip(tr("Lowest frequency in Hz; SI prefixes allowed (10m, 1k)"));
  fmax_->setToolTip(tr("Highest frequency in Hz; SI prefixes allowed (10m, 1k)"));
  w1_->setToolTip(tr("SIMO W1/W2: the output whose transfer is shown"));
  w2_->setToolTip(tr("SIMO W1/W2: the transfer W1 is divided by (the same output: W1 alone)"));
  controls->addWidget(new QLabel(tr("W1:"), this));
  controls->addWidget(w1_);
  controls->addWidget(new QLabel(tr("/ W2:"), this));
  controls->addWidget(w2_);
  controls->addSpacing(16);
  controls->addWidget(new QLabel(tr("From (Hz):"), this));
  controls->addWidget(fmin_);
  controls->addWidget(new QLabel(tr("to (Hz):"), this));
  controls->addWidget(fmax_);
  controls->addWidget(new QLabel(tr("Points:"), this));
  controls->addWidget(points_);
  controls->addStretch(1);
  layout->addLayout(controls);
  layout->addWidget(tabs_, 1);
  tabs_->addTab(bode_, tr("Bode"));
  tabs_->addTab(nyquist_, tr("Nyquist"));
  tabs_->addTab(mikhailovPlot_, tr("Mikhailov"));
  tabs_->addTab(poles_, tr("Poles"));

  // Bode: magnitude over phase, sharing the frequency axis.
  bode_->plotLayout()->clear();
  auto* margins = new QCPMarginGroup(bode_);
  QCPAxisRect* magnitude = addBodeRect(bode_, margins, tr("Magnitude (dB)"));
  QCPAxisRect* phase = addBodeRect(bode_, margins, tr("Phase (°)"));
  phase->axis(QCPAxis::atBottom)->setLabel(tr("Frequency (Hz)"));
  bode_->plotLayout()->addElement(0, 0, magnitude);
  bode_->plotLayout()->addElement(1, 0, phase);
  bode_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  connect(magnitude->axis(QCPAxis::atBottom), qOverload<const QCPRange&>(&QCPAxis::rangeChanged),
          phase->axis(QCPAxis::atBottom), qOverload<const QCPRange&>(&QCPAxis::setRange));
  connect(phase->axis(QCPAxis::atBottom), qOverload<const QCPRange&>(&QCPAxis::rangeChanged),
          magnitude->axis(QCPAxis::atBottom), qOverload<const QCPRange&>(&QCPAxis::setRange));
  for (QCustomPlot* plot : {nyquist_, mikhailovPlot_}) {
    stylePlot(plot);
    plot->xAxis->setLabel(tr("Re"));
    plot->yAxis->setLabel(tr("Im"));
  }

  auto changed = [this] {
    readControls();
    recompute();
  };
  // An edited range or count is the user's from then on (exactly `points` log-spaced frequencies).
  auto edited = [this] { planned_ = false; };
  connect(fmin_, &QLineEdit::textEdited, this, edited);
  connect(fmax_, &QLineEdit::textEdited, this, edited);
  connect(points_, &QSpinBox::valueChanged, this, [this] {
    if (!settingControls_) planned_ = false;
  });
  connect(w1_, &QComboBox::activated, this, changed);
  connect(w2_, &QComboBox::activated, this, changed);
  connect(fmin_, &QLineEdit::editingFinished, this, changed);
  connect(fmax_, &QLineEdit::editingFinished, this, changed);
  connect(points_, &QSpinBox::editingFinished, this, changed);

  QHBoxLayout* buttons = addCloseControls(this, layout);
  auto* defaults = new QPushButton(tr("&Defaults"), this);
  defaults->setToolTip(tr("The range from the poles and sample rates of the model"));
  auto* exportButton = new QPushButton(tr("&Export CSV…"), this);
  exportButton->setObjectName(QStringLiteral("exportButton"));
  exportButton->setToolTip(tr("Save the sweep shown as CSV (freq_hz, re, im, mag_db, phase_deg)"));
  buttons->insertWidget(buttons->count() - 1, defaults);
  buttons->insertWidget(buttons->count() - 1, exportButton);
  connect(defaults, &QPushButton::clicked, this, [this] {
    planned_ = true;
    showPlannedRange();
    readControls();
    recompute();
  });
  connect(exportButton, &QPushButton::clicked, this, &FrequencyWindow::exportInteractively);
  resize(900, 680);
}

void FrequencyWindow::setBusy(double time) {
  cancelSweep();
  report_.reset();
  response_.reset();
  status_->setText(tr("Identifying the model at t = %1 s…").arg(time, 0, 'g', 6));
}

void FrequencyWindow::setError(const QString& message) {
  cancelSweep();
  report_.reset();
  response_.reset();
  status_->setText(tr("The identification failed:\n%1").arg(message));
}

void FrequencyWindow::setReport(const core::AbcdReport& report) {
  cancelSweep();
  report_ = report;
  try {
    response_ = std::make_shared<const core::FrequencyResponse>(report.abcd);
  } catch (const std::invalid_argument& e) {
    response_.reset();
    status_->setText(tr("No frequency response: %1").arg(QString::fromStdString(e.what())));
    return;
  }
  w1_->clear();
  w2_->clear();
  for (const std::string& name : report.abcd.outputs) {
    w1_->addItem(QString::fromStdString(name));
    w2_->addItem(QString::fromStdString(name));
  }
  k_ = std::min(k_, std::max(0, w1_->count() - 1));
  m_ = std::min(m_, std::max(0, w2_->count() - 1));
  w1_->setCurrentIndex(k_);
  w2_->setCurrentIndex(m_);
  poles_->setPoles(report.eigenvalues);
  plan_.emplace(core::FrequencyPlan::ofAbcd(report.abcd, report.eigenvalues));
  if (planned_) showPlannedRange();
  readControls();
  recompute();
}

void FrequencyWindow::showPlannedRange() {
  if (!plan_) return;
  const core::FrequencyBand band = plan_->responseBand();
  settingControls_ = true;
  fmin_->setText(QString::number(band.lowHz, 'g', 6));
  fmax_->setText(QString::number(band.highHz, 'g', 6));
  points_->setValue(core::FrequencyPlan::kDefaultPoints);
  settingControls_ = false;
}

bool FrequencyWindow::exportCsv(const QString& path, QString* error) const {
  const core::FrequencySweep& sweep = transfer_.samples.empty() ? mikhailov_ : transfer_;
  if (sweep.samples.empty()) {
    *error = tr("Nothing to export: no sweep yet");
    return false;
  }
  QByteArray text = "freq_hz,re,im,mag_db,phase_deg\n";
  for (const core::FrequencySample& s : sweep.samples) {
    QByteArrayList fields;
    for (double v : {s.hz, s.value.real(), s.value.imag(), s.magnitudeDb, s.phaseDeg})
      fields << QByteArray::number(v, 'g', 17);
    text += fields.join(',') + '\n';
  }
  QSaveFile file(path);
  if (file.open(QIODevice::WriteOnly) && file.write(text) == text.size() && file.commit()) return true;
  *error = tr("Cannot write %1: %2").arg(path, file.errorString());
  return false;
}

void FrequencyWindow::exportInteractively() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export Frequency Response"), QString(), tr("CSV (*.csv)"));
  if (path.isEmpty()) return;
  QString error;
  if (!exportCsv(path, &error)) QMessageBox::warning(this, tr("Export Frequency Response"), error);
}

void FrequencyWindow::setSweep(double fminHz, double fmaxHz, int points, int k, int m) {
  planned_ = false;
  fmin_->setText(QString::number(fminHz, 'g', 17));
  fmax_->setText(QString::number(fmaxHz, 'g', 17));
  points_->setValue(points);
  w1_->setCurrentIndex(k);
  w2_->setCurrentIndex(m);
  readControls();
  recompute();
}

void FrequencyWindow::readControls() {
  k_ = std::max(0, w1_->currentIndex());
  m_ = std::max(0, w2_->currentIndex());
  const std::optional<double> fmin = core::parseSiNumber(fmin_->text().toStdString());
  const std::optional<double> fmax = core::parseSiNumber(fmax_->text().toStdString());
  try {
    // The planned range has the points around each resonance; a range of the user's exactly his points.
    const core::FrequencyBand band{fmin.value_or(std::nan("")), fmax.value_or(std::nan(""))};
    frequencies_ = planned_ && plan_ ? plan_->grid(band, points_->value())
                                     : core::frequencyGrid(band.lowHz, band.highHz, points_->value(), true);
  } catch (const std::invalid_argument&) {
    frequencies_.clear();
  }
}

void FrequencyWindow::recompute() {
  cancelSweep();
  transfer_ = {};
  mikhailov_ = {};
  if (!report_ || !response_) return;
  if (frequencies_.empty()) {
    status_->setText(tr("Give a range 0 < from < to (Hz)."));
    return;
  }
  const bool hasTransfer = report_->abcd.hasInput() && !report_->abcd.outputs.empty();
  w1_->setEnabled(hasTransfer);
  w2_->setEnabled(hasTransfer);
  auto done = std::make_shared<std::atomic<int>>(0);
  done_ = done;
  total_ = static_cast<int>(frequencies_.size()) * (hasTransfer ? 2 : 1);
  status_->setText(tr("Computing the frequency response: %1 of %2 frequencies…").arg(0).arg(total_));
  const int request = ++request_;
  computing_ = tasks_.runCancellable<Sweeps>(
      this,
      [response = response_, hz = frequencies_, k = k_, m = m_, hasTransfer, done](const std::atomic<bool>* cancel) {
        const auto next = [cancel, &done] {
          core::throwIfCancelled(cancel);
          ++*done;
        };
        Sweeps sweeps;
        if (hasTransfer) sweeps.transfer = response->sweep(core::FrequencyKind::Transfer, k, m, hz, next);
        try {
          sweeps.mikhailov = response->sweep(core::FrequencyKind::Mikhailov, 0, 0, hz, next);
        } catch (const core::AnalysisCancelled&) {
          throw;
        } catch (const std::exception&) {
          sweeps.mikhailov = {};  // [ω] infinite somewhere (an S&H row): no hodograph
        }
        return sweeps;
      },
      [this, request](const TaskOutcome<Sweeps>& outcome) {
        if (request != request_) return;  // superseded, or the window was closed
        computing_.reset();
        done_.reset();
        progressTimer_->stop();
        if (outcome.value)
          showSweeps(outcome.value->transfer, outcome.value->mikhailov);
        else
          status_->setText(tr("The frequency response failed:\n%1").arg(outcome.error));
      });
  progressTimer_->start();
}

void FrequencyWindow::cancelSweep() {
  ++request_;  // a result already on its way is dropped
  if (computing_) computing_->store(true);
  computing_.reset();
  done_.reset();
  progressTimer_->stop();
}

void FrequencyWindow::hideEvent(QHideEvent* event) {
  // Closed (Esc, Close, the window manager): nobody waits for the sweep any more.
  if (!event->spontaneous()) cancelSweep();
  QWidget::hideEvent(event);
}

void FrequencyWindow::showSweeps(const core::FrequencySweep& transfer, const core::FrequencySweep& mikhailov) {
  transfer_ = transfer;
  mikhailov_ = mikhailov;
  const core::AbcdMatrix& abcd = report_->abcd;
  QString text = tr("Linearised at t = %1 s.").arg(abcd.time, 0, 'g', 6);
  const bool hasTransfer = abcd.hasInput() && !abcd.outputs.empty();
  if (hasTransfer) {
    text += QLatin1Char(' ') + (k_ == m_ ? tr("Showing W%1.").arg(k_ + 1) : tr("Showing W%1/W%2.").arg(k_ + 1).arg(m_ + 1));
    if (!transfer_.skippedHz.empty())
      text += QLatin1Char(' ') + tr("%n frequencies skipped (a pole on the axis or W2 = 0).", "", int(transfer_.skippedHz.size()));
    if (transfer_.largestPhaseStepDeg > 90.0)
      text += QLatin1Char(' ') + tr("The phase jumps by up to %1° between points: use more points.")
                                     .arg(transfer_.largestPhaseStepDeg, 0, 'f', 0);
  } else {
    text += QLatin1Char(' ') + tr("Bode and Nyquist need an analysis.Inp and an analysis.Out marker; "
                                  "the Mikhailov hodograph and the poles do not.");
  }
  status_->setText(text);
  plotBode();
  plotHodograph(nyquist_, transfer_, k_ == m_ ? tr("W%1").arg(k_ + 1) : tr("W%1/W%2").arg(k_ + 1).arg(m_ + 1));
  plotHodograph(mikhailovPlot_, mikhailov_, tr("D(ω) = det([ω] − A)"));
}

void FrequencyWindow::plotBode() {
  bode_->clearGraphs();
  const QList<QCPAxisRect*> rects = bode_->axisRects();
  QVector<double> f, magnitude, phase;
  for (const core::FrequencySample& s : transfer_.samples) {
    f << s.hz;
    magnitude << s.magnitudeDb;
    phase << s.phaseDeg;
  }
  for (int r = 0; r < 2; ++r) {
    QCPAxisRect* rect = rects.at(r);
    QCPGraph* graph = bode_->addGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    graph->setPen(QPen(plotColor(0), 1.6));
    graph->setData(f, r == 0 ? magnitude : phase, true);
    graph->rescaleAxes();
    rect->axis(QCPAxis::atLeft)->scaleRange(1.1);
    if (!frequencies_.empty()) rect->axis(QCPAxis::atBottom)->setRange(frequencies_.front(), frequencies_.back());
  }
  bode_->replot();
}

void FrequencyWindow::plotHodograph(QCustomPlot* plot, const core::FrequencySweep& sweep, const QString& name) {
  plot->clearPlottables();
  auto* curve = new QCPCurve(plot->xAxis, plot->yAxis);
  curve->setName(name);
  curve->setPen(QPen(plotColor(0), 1.6));
  QVector<double> t, re, im;
  for (const core::FrequencySample& s : sweep.samples) {
    t << s.hz;
    re << s.value.real();
    im << s.value.imag();
  }
  curve->setData(t, re, im, true);
  plot->legend->setVisible(!sweep.samples.empty());
  plot->rescaleAxes();
  plot->xAxis->scaleRange(1.1);
  plot->yAxis->scaleRange(1.1);
  plot->replot();
}

}  // namespace kelvin::gui
