#include "analysis/abcd_table_window.h"

#include <algorithm>

#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QPushButton>
#include <QSaveFile>
#include <QShortcut>
#include <QTableWidget>
#include <QVBoxLayout>

#include "analysis/close_controls.h"

namespace kelvin::gui {

namespace {

constexpr int kMinimumColumnWidth = 90;

QString fullPrecision(double v) { return QString::number(v, 'g', 17); }

}  // namespace

AbcdTableWindow::AbcdTableWindow(QWidget* parent)
    : QWidget(parent, Qt::Window), status_(new QLabel(this)), table_(new QTableWidget(this)) {
  setWindowTitle(tr("ABCD Identification"));
  setAttribute(Qt::WA_DeleteOnClose, false);
  auto* layout = new QVBoxLayout(this);
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(status_);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionMode(QAbstractItemView::ContiguousSelection);
  table_->horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);
  layout->addWidget(table_, 1);
  QHBoxLayout* buttons = addCloseControls(this, layout);
  auto* copyButton = new QPushButton(tr("&Copy"), this);
  auto* exportButton = new QPushButton(tr("&Export…"), this);
  copyButton->setToolTip(tr("Copy the selected cells, or the whole table, as tab-separated text"));
  exportButton->setToolTip(tr("Save the matrix as JSON, CSV or an Octave/MATLAB script"));
  buttons->insertWidget(buttons->count() - 1, copyButton);
  buttons->insertWidget(buttons->count() - 1, exportButton);
  connect(copyButton, &QPushButton::clicked, this, &AbcdTableWindow::copy);
  connect(exportButton, &QPushButton::clicked, this, &AbcdTableWindow::exportInteractively);
  auto* copyShortcut = new QShortcut(QKeySequence::Copy, table_);
  connect(copyShortcut, &QShortcut::activated, this, &AbcdTableWindow::copy);
  resize(760, 420);
}

void AbcdTableWindow::setBusy(double time) {
  report_.reset();
  table_->clear();
  table_->setRowCount(0);
  table_->setColumnCount(0);
  status_->setText(tr("Identifying the model at t = %1 s…").arg(time, 0, 'g', 6));
}

void AbcdTableWindow::setError(const QString& message) {
  report_.reset();
  table_->clear();
  table_->setRowCount(0);
  table_->setColumnCount(0);
  status_->setText(tr("The identification failed:\n%1").arg(message));
}

void AbcdTableWindow::setReport(const core::AbcdReport& report) {
  report_ = report;
  const core::AbcdMatrix& m = report.abcd;
  const Eigen::MatrixXd combined = m.combined();
  const int states = static_cast<int>(m.rows.size());
  const int outputs = static_cast<int>(m.outputs.size());
  const int columns = states + (m.hasInput() ? 1 : 0);
  table_->clear();
  table_->setRowCount(states + outputs);
  table_->setColumnCount(columns);
  QStringList rowLabels, columnLabels;
  for (const core::AbcdRow& row : m.rows) {
    rowLabels << QString::fromStdString(core::rowLabel(row.kind) + "  " + row.name);
    columnLabels << QString::fromStdString(row.name);
  }
  for (int k = 0; k < outputs; ++k) {
    QString label = QString::fromStdString(m.outputs[k]);
    if (k < static_cast<int>(m.outputSignals.size())) label += QStringLiteral("  ") + QString::fromStdString(m.outputSignals[k]);
    rowLabels << label;
  }
  if (m.hasInput()) columnLabels << (m.input.empty() ? QStringLiteral("u") : QStringLiteral("u  ") + QString::fromStdString(m.input));
  table_->setVerticalHeaderLabels(rowLabels);
  table_->setHorizontalHeaderLabels(columnLabels);
  for (int r = 0; r < combined.rows(); ++r)
    for (int c = 0; c < combined.cols(); ++c) {
      const double v = combined(r, c);
      auto* item = new QTableWidgetItem(v == 0.0 ? QStringLiteral("0") : QString::number(v, 'g', 6));
      item->setData(Qt::UserRole, v);
      item->setToolTip(fullPrecision(v));
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      // The K2 layout's blocks: A | B over C | D, told apart by shade.
      const bool lower = r >= states, right = c >= states;
      if (lower != right) item->setBackground(QColor(245, 245, 250));
      if (v == 0.0) item->setForeground(QColor(160, 160, 160));
      table_->setItem(r, c, item);
    }
  table_->resizeColumnsToContents();
  for (int c = 0; c < columns; ++c) table_->setColumnWidth(c, std::max(table_->columnWidth(c), kMinimumColumnWidth));
  QString text = tr("Combined matrix [A B; C D] at t = %1 s: %2 coordinates, %3 outputs%4.")
                     .arg(m.time, 0, 'g', 6)
                     .arg(states)
                     .arg(outputs)
                     .arg(m.hasInput() ? tr(", input %1").arg(QString::fromStdString(m.input)) : QString());
  text += QLatin1Char(' ') + tr("Finite-difference cross-check (Δ = %1): largest row-relative difference %2.")
                                 .arg(report.delta, 0, 'g', 3)
                                 .arg(report.discrepancy, 0, 'g', 3);
  status_->setText(text);
}

QString AbcdTableWindow::tableText(bool selectionOnly) const {
  int top = 0, left = 0, bottom = table_->rowCount() - 1, right = table_->columnCount() - 1;
  const QList<QTableWidgetSelectionRange> ranges = table_->selectedRanges();
  if (selectionOnly && !ranges.isEmpty()) {
    top = ranges.front().topRow(), bottom = ranges.front().bottomRow();
    left = ranges.front().leftColumn(), right = ranges.front().rightColumn();
  }
  QStringList lines;
  QStringList header{QString()};
  for (int c = left; c <= right; ++c) header << table_->horizontalHeaderItem(c)->text();
  lines << header.join(QLatin1Char('\t'));
  for (int r = top; r <= bottom; ++r) {
    QStringList cells{table_->verticalHeaderItem(r)->text()};
    for (int c = left; c <= right; ++c) cells << fullPrecision(table_->item(r, c)->data(Qt::UserRole).toDouble());
    lines << cells.join(QLatin1Char('\t'));
  }
  return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void AbcdTableWindow::copy() const {
  if (!report_) return;
  QApplication::clipboard()->setText(tableText(true));
}

bool AbcdTableWindow::exportTo(const QString& path, QString* error) const {
  if (!report_) {
    if (error) *error = tr("There is no matrix to export.");
    return false;
  }
  const QString suffix = QFileInfo(path).suffix().toLower();
  const std::string text = suffix == QLatin1String("csv") ? core::abcdToCsv(*report_)
                           : suffix == QLatin1String("m") ? core::abcdToOctave(*report_)
                                                           : core::abcdToJson(*report_);
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), static_cast<qint64>(text.size())) < 0 ||
      !file.commit()) {
    if (error) *error = tr("Cannot write %1: %2").arg(path, file.errorString());
    return false;
  }
  return true;
}

void AbcdTableWindow::exportInteractively() {
  if (!report_) return;
  QString filter;
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Export ABCD Matrix"), QString(),
      tr("JSON (*.json);;CSV in the K2 layout (*.csv);;Octave/MATLAB script (*.m)"), &filter);
  if (path.isEmpty()) return;
  QString error;
  if (!exportTo(path, &error)) status_->setText(error);
}

}  // namespace kelvin::gui
