#include "analysis/noise_spectrum_window.h"

#include <algorithm>
#include <cmath>

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "analysis/close_controls.h"
#include "analysis/plot_style.h"
#include "expr/si_number.h"
#include "linearize/frequency_plan.h"
#include "qcustomplot.h"

namespace kelvin::gui {

NoiseSpectrumWindow::NoiseSpectrumWindow(QWidget* parent)
    : QWidget(parent, Qt::Window), status_(new QLabel(this)), warning_(new QLabel(this)), fmin_(new QLineEdit(this)),
      fmax_(new QLineEdit(this)), points_(new QSpinBox(this)), refine_(new QCheckBox(tr("&Refine"), this)),
      plot_(new QCustomPlot(this)), output_(new QComboBox(this)), total_(new QLabel(this)),
      budget_(new QTableWidget(this)) {
  setWindowTitle(tr("Noise Spectrum"));
  auto* layout = new QVBoxLayout(this);
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(status_);
  warning_->setObjectName(QStringLiteral("noiseWarning"));
  warning_->setWordWrap(true);
  warning_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  warning_->setStyleSheet(QStringLiteral("QLabel { color: #a64b00; font-weight: bold; }"));
  warning_->hide();
  layout->addWidget(warning_);

  // The range: the defaults of the poles until the user applies his own.
  auto* controls = new QHBoxLayout;
  fmin_->setObjectName(QStringLiteral("noiseFmin"));
  fmax_->setObjectName(QStringLiteral("noiseFmax"));
  points_->setObjectName(QStringLiteral("noisePoints"));
  fmin_->setToolTip(tr("Lowest frequency in Hz; SI prefixes allowed (10m, 1k)"));
  fmax_->setToolTip(tr("Highest frequency in Hz; SI prefixes allowed (10m, 1k)"));
  points_->setRange(2, 100000);
  points_->setValue(core::FrequencyPlan::kDefaultPoints);
  points_->setToolTip(tr("Log-spaced frequencies before refinement"));
  refine_->setChecked(true);
  refine_->setToolTip(tr("Add points around the resonances and where the PSD curves until the integral is "
                         "within 1e-5"));
  auto* apply = new QPushButton(tr("&Apply"), this);
  apply->setObjectName(QStringLiteral("applyButton"));
  refine_->setObjectName(QStringLiteral("noiseRefine"));
  auto* defaults = new QPushButton(tr("&Defaults"), this);
  defaults->setToolTip(tr("The band and points from the poles of the model"));
  controls->addWidget(new QLabel(tr("From (Hz):"), this));
  controls->addWidget(fmin_);
  controls->addWidget(new QLabel(tr("to (Hz):"), this));
  controls->addWidget(fmax_);
  controls->addWidget(new QLabel(tr("Points:"), this));
  controls->addWidget(points_);
  controls->addWidget(refine_);
  controls->addWidget(apply);
  controls->addWidget(defaults);
  controls->addStretch(1);
  layout->addLayout(controls);
  auto edited = [this] { custom_ = true; };
  connect(fmin_, &QLineEdit::textEdited, this, edited);
  connect(fmax_, &QLineEdit::textEdited, this, edited);
  connect(points_, &QSpinBox::valueChanged, this, edited);
  connect(refine_, &QCheckBox::toggled, this, edited);
  connect(fmin_, &QLineEdit::returnPressed, this, &NoiseSpectrumWindow::sweepRequested);
  connect(fmax_, &QLineEdit::returnPressed, this, &NoiseSpectrumWindow::sweepRequested);
  connect(apply, &QPushButton::clicked, this, &NoiseSpectrumWindow::sweepRequested);
  connect(defaults, &QPushButton::clicked, this, [this] {
    custom_ = false;
    Q_EMIT sweepRequested();
  });
  auto* splitter = new QSplitter(Qt::Vertical, this);
  layout->addWidget(splitter, 1);
  stylePlot(plot_);
  useLogFrequencyAxis(plot_->axisRect());
  plot_->yAxis->setScaleType(QCPAxis::stLogarithmic);
  plot_->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
  plot_->yAxis->setNumberFormat(QStringLiteral("eb"));
  plot_->yAxis->setNumberPrecision(0);
  plot_->yAxis2->setScaleType(QCPAxis::stLogarithmic);
  plot_->xAxis->setLabel(tr("Frequency (Hz)"));
  plot_->yAxis->setLabel(tr("PSD (unit²/Hz)"));
  plot_->legend->setVisible(true);
  splitter->addWidget(plot_);

  auto* lower = new QWidget(splitter);
  auto* lowerLayout = new QVBoxLayout(lower);
  lowerLayout->setContentsMargins(0, 0, 0, 0);
  auto* header = new QHBoxLayout;
  header->addWidget(new QLabel(tr("Noise budget of:"), lower));
  header->addWidget(output_);
  header->addWidget(total_, 1);
  total_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  lowerLayout->addLayout(header);
  budget_->setColumnCount(4);
  budget_->setHorizontalHeaderLabels({tr("Source"), tr("Variance (unit²)"), tr("RMS"), tr("Share")});
  budget_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
  budget_->verticalHeader()->setVisible(false);
  budget_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  lowerLayout->addWidget(budget_, 1);
  splitter->addWidget(lower);
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 1);
  splitter->setSizes({460, 180});
  connect(output_, &QComboBox::currentIndexChanged, this, &NoiseSpectrumWindow::showBudget);

  QHBoxLayout* buttons = addCloseControls(this, layout);
  auto* exportButton = new QPushButton(tr("&Export CSV…"), this);
  exportButton->setObjectName(QStringLiteral("exportButton"));
  exportButton->setToolTip(tr("Save the PSD of every sensor as CSV (freq_hz, <sensor>.psd)"));
  buttons->insertWidget(buttons->count() - 1, exportButton);
  connect(exportButton, &QPushButton::clicked, this, &NoiseSpectrumWindow::exportInteractively);
  resize(880, 760);
}

core::NoiseSweep NoiseSpectrumWindow::sweep() const {
  core::NoiseSweep sweep;
  if (!custom_) return sweep;
  sweep.lowHz = core::parseSiNumber(fmin_->text().trimmed().toStdString());
  sweep.highHz = core::parseSiNumber(fmax_->text().trimmed().toStdString());
  sweep.points = points_->value();
  sweep.refine = refine_->isChecked();
  return sweep;
}

QString NoiseSpectrumWindow::warningText() const { return warning_->isHidden() ? QString() : warning_->text(); }

bool NoiseSpectrumWindow::exportCsv(const QString& path, QString* error) const {
  if (!spectrum_) {
    *error = tr("Nothing to export: no spectrum yet");
    return false;
  }
  QByteArray text = "freq_hz";
  for (const std::string& name : spectrum_->outputs) text += ',' + QByteArray::fromStdString(name) + ".psd";
  text += '\n';
  for (std::size_t i = 0; i < spectrum_->frequencies.size(); ++i) {
    text += QByteArray::number(spectrum_->frequencies[i], 'g', 17);
    for (const std::vector<double>& psd : spectrum_->psd) text += ',' + QByteArray::number(psd[i], 'g', 17);
    text += '\n';
  }
  QSaveFile file(path);
  if (file.open(QIODevice::WriteOnly) && file.write(text) == text.size() && file.commit()) return true;
  *error = tr("Cannot write %1: %2").arg(path, file.errorString());
  return false;
}

void NoiseSpectrumWindow::exportInteractively() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export Noise Spectrum"), QString(), tr("CSV (*.csv)"));
  if (path.isEmpty()) return;
  QString error;
  if (!exportCsv(path, &error)) QMessageBox::warning(this, tr("Export Noise Spectrum"), error);
}

void NoiseSpectrumWindow::setBusy(double time) {
  spectrum_.reset();
  warning_->hide();
  status_->setText(tr("Computing the noise spectrum at t = %1 s…").arg(time, 0, 'g', 6));
}

void NoiseSpectrumWindow::setError(const QString& message) {
  spectrum_.reset();
  warning_->hide();
  status_->setText(tr("The noise analysis failed:\n%1").arg(message));
}

void NoiseSpectrumWindow::setSpectrum(const core::NoiseSpectrum& spectrum, double time) {
  spectrum_ = spectrum;
  status_->setText(tr("One-sided noise PSD at the operating point of t = %1 s, %2 – %3 Hz, %4 frequencies (%5).")
                       .arg(time, 0, 'g', 6)
                       .arg(spectrum.band.lowHz, 0, 'g', 4)
                       .arg(spectrum.band.highHz, 0, 'g', 4)
                       .arg(spectrum.frequencies.size())
                       .arg(spectrum.refined ? tr("%1 log-spaced, refined").arg(spectrum.basePoints)
                                             : tr("log-spaced, not refined")));
  QStringList warnings;
  for (const std::string& w : spectrum.warnings) warnings << QStringLiteral("⚠ ") + QString::fromStdString(w);
  warning_->setText(warnings.join(QLatin1Char('\n')));
  warning_->setVisible(!warnings.isEmpty());
  if (!custom_) {
    // Show the defaults the spectrum was computed with.
    const QSignalBlocker blockPoints(points_), blockRefine(refine_);
    fmin_->setText(QString::number(spectrum.band.lowHz, 'g', 6));
    fmax_->setText(QString::number(spectrum.band.highHz, 'g', 6));
    points_->setValue(spectrum.basePoints);
    refine_->setChecked(spectrum.refined);
  }
  plot_->clearGraphs();
  const QVector<double> f(spectrum.frequencies.begin(), spectrum.frequencies.end());
  double lowest = 0.0, highest = 0.0;
  for (std::size_t o = 0; o < spectrum.outputs.size(); ++o) {
    QCPGraph* graph = plot_->addGraph();
    graph->setName(QString::fromStdString(spectrum.outputs[o]));
    graph->setPen(QPen(plotColor(static_cast<int>(o)), 1.6));
    graph->setData(f, QVector<double>(spectrum.psd[o].begin(), spectrum.psd[o].end()), true);
    for (double p : spectrum.psd[o])
      if (p > 0.0 && std::isfinite(p)) {
        lowest = lowest > 0.0 ? std::min(lowest, p) : p;
        highest = std::max(highest, p);
      }
  }
  plot_->xAxis->setRange(spectrum.frequencies.front(), spectrum.frequencies.back());
  if (highest > 0.0) plot_->yAxis->setRange(lowest / 2.0, highest * 2.0);
  plot_->replot();
  const QSignalBlocker block(output_);
  output_->clear();
  for (const std::string& name : spectrum.outputs) output_->addItem(QString::fromStdString(name));
  output_->setCurrentIndex(0);
  showBudget(0);
}

void NoiseSpectrumWindow::showBudget(int index) {
  budget_->setRowCount(0);
  if (!spectrum_ || index < 0 || index >= static_cast<int>(spectrum_->outputs.size())) return;
  const double total = spectrum_->totalVariance[index];
  total_->setText(tr("integrated %1 unit², rms %2 (estimated error %3)")
                      .arg(total, 0, 'g', 6)
                      .arg(std::sqrt(total), 0, 'g', 6)
                      .arg(spectrum_->relativeError[index], 0, 'g', 2));
  const auto& contributions = spectrum_->budget[index];
  budget_->setRowCount(static_cast<int>(contributions.size()));
  for (int r = 0; r < static_cast<int>(contributions.size()); ++r) {
    const auto& c = contributions[r];
    const double share = total > 0.0 ? 100.0 * c.variance / total : 0.0;
    const QStringList cells{QString::fromStdString(c.source), QString::number(c.variance, 'g', 4),
                            QString::number(std::sqrt(c.variance), 'g', 4), QStringLiteral("%1 %").arg(share, 0, 'f', 2)};
    for (int col = 0; col < cells.size(); ++col) {
      auto* item = new QTableWidgetItem(cells[col]);
      if (col > 0) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      item->setData(Qt::UserRole, col == 1 ? QVariant(c.variance) : QVariant(QString::fromStdString(c.block)));
      budget_->setItem(r, col, item);
    }
  }
  budget_->resizeColumnsToContents();
  budget_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
}

}  // namespace kelvin::gui
