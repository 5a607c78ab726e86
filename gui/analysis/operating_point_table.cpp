#include "analysis/operating_point_table.h"

#include <algorithm>

#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

namespace kelvin::gui {

namespace {

constexpr int kValueRole = Qt::UserRole + 1;  // the number behind the Value column (sorting, CSV)
enum Column { kSignal, kValue, kUnit };
constexpr int kMinimumColumnWidth = 80;  // px: the headers' width, for a model with short names
constexpr int kColumnMargin = 24;        // px: room for the sort indicator

/// A value as kelvin-cli op writes it: every digit of the double (the table shows ten significant
/// digits; the tooltip, the clipboard and the CSV all of them).
QString exact(double value) { return QString::asprintf("%.17g", value); }

}  // namespace

OperatingPointTable::OperatingPointTable(QWidget* parent)
    : QWidget(parent),
      message_(new QLabel(this)),
      filter_(new QLineEdit(this)),
      view_(new QTableView(this)),
      model_(new QStandardItemModel(0, 3, this)),
      proxy_(new QSortFilterProxyModel(this)),
      copy_(new QPushButton(tr("&Copy"), this)),
      export_(new QPushButton(tr("&Export CSV…"), this)) {
  setObjectName(QStringLiteral("operatingPointTable"));
  message_->setObjectName(QStringLiteral("operatingPointMessage"));
  message_->setWordWrap(true);
  message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  filter_->setObjectName(QStringLiteral("operatingPointFilter"));
  filter_->setPlaceholderText(tr("Filter signals"));
  filter_->setClearButtonEnabled(true);
  model_->setHorizontalHeaderLabels({tr("Signal"), tr("Value"), tr("Unit")});
  proxy_->setSourceModel(model_);
  proxy_->setSortRole(kValueRole);
  proxy_->setFilterKeyColumn(kSignal);
  proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
  view_->setModel(proxy_);
  view_->setSortingEnabled(true);
  view_->sortByColumn(-1, Qt::AscendingOrder);  // kelvin-cli's order until the user sorts
  view_->setSelectionBehavior(QAbstractItemView::SelectRows);
  view_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  view_->verticalHeader()->hide();
  view_->verticalHeader()->setDefaultSectionSize(view_->fontMetrics().height() + 6);
  view_->horizontalHeader()->setStretchLastSection(false);
  view_->setWordWrap(false);
  copy_->setObjectName(QStringLiteral("operatingPointCopy"));
  copy_->setToolTip(tr("Copy the selected rows (or all shown) as CSV"));
  export_->setObjectName(QStringLiteral("operatingPointExport"));

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(filter_, 1);
  buttons->addWidget(copy_);
  buttons->addWidget(export_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(message_);
  layout->addLayout(buttons);
  layout->addWidget(view_, 1);
  connect(filter_, &QLineEdit::textChanged, proxy_, &QSortFilterProxyModel::setFilterFixedString);
  connect(copy_, &QPushButton::clicked, this, &OperatingPointTable::copy);
  connect(export_, &QPushButton::clicked, this, &OperatingPointTable::exportWithDialog);
  clear();
}

void OperatingPointTable::clear() {
  model_->removeRows(0, model_->rowCount());
  error_ = false;
  text_ = tr("Simulation ▸ Operating Point (F8) solves the DC operating point.");
  setStale(false);
}

void OperatingPointTable::setValues(const OperatingPointValues& values) {
  model_->removeRows(0, model_->rowCount());
  for (const OperatingPointValues::Entry& entry : values.entries) {
    auto* name = new QStandardItem(QString::fromStdString(entry.name));
    name->setData(name->text(), kValueRole);
    auto* value = new QStandardItem(QString::number(entry.value, 'g', 10));
    value->setData(entry.value, kValueRole);
    value->setToolTip(exact(entry.value));
    value->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    auto* unit = new QStandardItem(entry.unit);
    unit->setData(entry.unit, kValueRole);
    model_->appendRow({name, value, unit});
  }
  for (int column : {kSignal, kValue, kUnit}) {
    view_->resizeColumnToContents(column);
    view_->setColumnWidth(column, std::max(view_->columnWidth(column), kMinimumColumnWidth) + kColumnMargin);
  }
  error_ = false;
  text_ = tr("DC operating point: %n value(s).", nullptr, static_cast<int>(values.entries.size()));
  setStale(false);
}

void OperatingPointTable::showSolving() {
  error_ = false;
  text_ = tr("Solving the DC operating point…");
  message_->setStyleSheet(QString());
  message_->setText(text_);
}

void OperatingPointTable::showError(const QString& error) {
  model_->removeRows(0, model_->rowCount());
  error_ = true;
  text_ = tr("No DC operating point:\n%1").arg(error);
  setStale(false);
}

void OperatingPointTable::setStale(bool stale) {
  message_->setStyleSheet(error_  ? QStringLiteral("color: #c62828;")
                          : stale ? QStringLiteral("color: #8a6d00;")
                                  : QString());
  message_->setText(stale && !error_ && model_->rowCount() > 0
                        ? text_ + QLatin1Char(' ') + tr("The model has changed since: solve again (F8).")
                        : text_);
  copy_->setEnabled(model_->rowCount() > 0);
  export_->setEnabled(model_->rowCount() > 0);
}

QString OperatingPointTable::message() const { return message_->text(); }

int OperatingPointTable::rowCount() const { return proxy_->rowCount(); }
QString OperatingPointTable::signalAt(int row) const { return proxy_->index(row, kSignal).data().toString(); }
double OperatingPointTable::valueAt(int row) const { return proxy_->index(row, kValue).data(kValueRole).toDouble(); }
QString OperatingPointTable::unitAt(int row) const { return proxy_->index(row, kUnit).data().toString(); }

QString OperatingPointTable::csv(bool selectedOnly) const {
  QString text = QStringLiteral("signal,value,unit\n");
  const QItemSelectionModel* selection = view_->selectionModel();
  const bool some = selectedOnly && selection->hasSelection();
  for (int row = 0; row < proxy_->rowCount(); ++row) {
    if (some && !selection->isRowSelected(row, QModelIndex())) continue;
    text += signalAt(row) + QLatin1Char(',') + exact(valueAt(row)) + QLatin1Char(',') + unitAt(row) + QLatin1Char('\n');
  }
  return text;
}

bool OperatingPointTable::exportCsv(const QString& path, QString* error) const {
  const QByteArray bytes = csv(false).toUtf8();
  QSaveFile file(path);
  if (file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit()) return true;
  *error = tr("Cannot write %1: %2").arg(path, file.errorString());
  return false;
}

void OperatingPointTable::copy() { QApplication::clipboard()->setText(csv(true)); }

void OperatingPointTable::exportWithDialog() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export Operating Point"),
                                                    QStringLiteral("operating_point.csv"), tr("CSV (*.csv)"));
  QString error;
  if (!path.isEmpty() && !exportCsv(path, &error)) QMessageBox::warning(this, tr("Export Operating Point"), error);
}

}  // namespace kelvin::gui
