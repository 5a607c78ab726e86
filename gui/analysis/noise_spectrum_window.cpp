#include "analysis/noise_spectrum_window.h"

#include <algorithm>
#include <cmath>

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "analysis/plot_style.h"
#include "qcustomplot.h"

namespace kelvin::gui {

NoiseSpectrumWindow::NoiseSpectrumWindow(QWidget* parent)
    : QWidget(parent, Qt::Window), status_(new QLabel(this)), plot_(new QCustomPlot(this)),
      output_(new QComboBox(this)), total_(new QLabel(this)), budget_(new QTableWidget(this)) {
  setWindowTitle(tr("Noise Spectrum"));
  auto* layout = new QVBoxLayout(this);
  status_->setWordWrap(true);
  layout->addWidget(status_);
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
  resize(820, 720);
}

void NoiseSpectrumWindow::setBusy(double time) {
  spectrum_.reset();
  status_->setText(tr("Computing the noise spectrum at t = %1 s…").arg(time, 0, 'g', 6));
}

void NoiseSpectrumWindow::setError(const QString& message) {
  spectrum_.reset();
  status_->setText(tr("The noise analysis failed:\n%1").arg(message));
}

void NoiseSpectrumWindow::setSpectrum(const core::NoiseSpectrum& spectrum, double time) {
  spectrum_ = spectrum;
  status_->setText(tr("One-sided noise PSD at the operating point of t = %1 s, %2 – %3 Hz.")
                       .arg(time, 0, 'g', 6)
                       .arg(spectrum.frequencies.front(), 0, 'g', 4)
                       .arg(spectrum.frequencies.back(), 0, 'g', 4));
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
  total_->setText(tr("integrated %1 unit², rms %2").arg(total, 0, 'g', 4).arg(std::sqrt(total), 0, 'g', 4));
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
