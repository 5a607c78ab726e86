#include "diagnostics/diagnostics_widget.h"

#include <algorithm>

#include <QApplication>
#include <QLabel>
#include <QListWidget>
#include <QStyle>
#include <QVBoxLayout>

#include <spdlog/spdlog.h>

#include "log/log_sink.h"

namespace kelvin::gui {

namespace {
constexpr int kBlocksRole = Qt::UserRole + 1;
constexpr int kKindRole = Qt::UserRole + 2;
constexpr int kValidation = 0;
constexpr int kLogged = 1;
}  // namespace

DiagnosticsWidget::DiagnosticsWidget(QWidget* parent)
    : QWidget(parent), summary_(new QLabel(this)), list_(new QListWidget(this)), sink_(std::make_shared<LogSink>()) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(summary_);
  layout->addWidget(list_, 1);
  summary_->setText(tr("Validate the model (Simulation ▸ Validate) to list its problems."));
  summary_->setStyleSheet(QStringLiteral("color: #5f6b7a;"));
  auto pick = [this](QListWidgetItem* item) {
    const QStringList blocks = item->data(kBlocksRole).toStringList();
    if (!blocks.isEmpty()) Q_EMIT blocksRequested(blocks);
  };
  connect(list_, &QListWidget::itemClicked, this, pick);
  connect(list_, &QListWidget::itemActivated, this, pick);
  // Warnings and errors may be logged on the simulation thread: always queued to this one.
  sink_->set_level(spdlog::level::warn);
  connect(sink_.get(), &LogSink::messageLogged, this, &DiagnosticsWidget::addLogMessage, Qt::QueuedConnection);
  spdlog::default_logger()->sinks().push_back(sink_);
}

DiagnosticsWidget::~DiagnosticsWidget() {
  auto& sinks = spdlog::default_logger()->sinks();
  sinks.erase(std::remove(sinks.begin(), sinks.end(), sink_), sinks.end());
}

void DiagnosticsWidget::removeItems(int kind) {
  for (int row = list_->count() - 1; row >= 0; --row)
    if (list_->item(row)->data(kKindRole).toInt() == kind) delete list_->takeItem(row);
}

void DiagnosticsWidget::setDiagnostics(const std::vector<core::Diagnostic>& diagnostics) {
  removeItems(kValidation);
  int row = 0, errors = 0, warnings = 0;
  for (core::Diagnostic d : diagnostics) {
    d.file.clear();
    const QStyle::StandardPixmap icon = d.severity == core::Severity::Error     ? QStyle::SP_MessageBoxCritical
                                        : d.severity == core::Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                                                : QStyle::SP_MessageBoxInformation;
    errors += d.severity == core::Severity::Error ? 1 : 0;
    warnings += d.severity == core::Severity::Warning ? 1 : 0;
    auto* item = new QListWidgetItem(style()->standardIcon(icon), QString::fromStdString(d.toString()));
    list_->insertItem(row++, item);
    if (!d.blockId.empty()) item->setData(kBlocksRole, QStringList{QString::fromStdString(d.blockId)});
    item->setData(kKindRole, kValidation);
    item->setData(kSeverityRole, static_cast<int>(d.severity));
    item->setToolTip(item->text());
  }
  const int notes = static_cast<int>(diagnostics.size()) - errors - warnings;
  if (errors > 0) {
    summary_->setText(tr("%n problem(s) found. Click one to show its block.", nullptr, errors + warnings));
    summary_->setStyleSheet(QStringLiteral("color: #c62828;"));
  } else if (warnings > 0) {
    summary_->setText(tr("The model can run, with %n warning(s). Click one to show its block.", nullptr, warnings));
    summary_->setStyleSheet(QStringLiteral("color: #b26a00;"));
  } else {
    summary_->setText(notes == 0 ? tr("✓ No problems found: the model is ready to simulate.")
                                 : tr("✓ No problems found: the model is ready to simulate (%n note(s) below).",
                                      nullptr, notes));
    summary_->setStyleSheet(QStringLiteral("color: #2e7d32;"));
  }
}

void DiagnosticsWidget::addLogMessage(int level, const QString& text) {
  if (level < spdlog::level::warn) return;
  const bool error = level >= spdlog::level::err;
  auto* item = new QListWidgetItem(
      style()->standardIcon(error ? QStyle::SP_MessageBoxCritical : QStyle::SP_MessageBoxWarning), text, list_);
  item->setData(kKindRole, kLogged);
  item->setToolTip(text);
  if (blockFinder_) item->setData(kBlocksRole, blockFinder_(text));
  list_->scrollToItem(item);
}

void DiagnosticsWidget::clearLogMessages() { removeItems(kLogged); }

}  // namespace kelvin::gui
