#include "diagnostics/diagnostics_widget.h"

#include <QLabel>
#include <QListWidget>
#include <QStyle>
#include <QVBoxLayout>

namespace kelvin::gui {

namespace {
constexpr int kBlocksRole = Qt::UserRole + 1;
}  // namespace

DiagnosticsWidget::DiagnosticsWidget(QWidget* parent)
    : QWidget(parent), summary_(new QLabel(this)), list_(new QListWidget(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(summary_);
  layout->addWidget(list_, 1);
  summary_->setWordWrap(true);
  // Long messages wrap onto more lines instead of being cut.
  list_->setWordWrap(true);
  list_->setTextElideMode(Qt::ElideNone);
  list_->setResizeMode(QListView::Adjust);
  list_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setSummary(tr("Validate the model (F7) to list its problems."), QStringLiteral("#5f6b7a"));
  auto pick = [this](QListWidgetItem* item) {
    const QStringList blocks = item->data(kBlocksRole).toStringList();
    if (!blocks.isEmpty()) Q_EMIT blocksRequested(blocks);
  };
  connect(list_, &QListWidget::itemClicked, this, pick);
  connect(list_, &QListWidget::itemActivated, this, pick);
}

void DiagnosticsWidget::setSummary(const QString& text, const QString& color) {
  summary_->setText(text);
  summary_->setStyleSheet(QStringLiteral("color: %1;").arg(color));
}

QString DiagnosticsWidget::summary() const { return summary_->text(); }

void DiagnosticsWidget::fill(const std::vector<core::Diagnostic>& diagnostics) {
  list_->clear();
  for (core::Diagnostic d : diagnostics) {
    d.file.clear();  // the window's title names the file
    const QStyle::StandardPixmap icon = d.severity == core::Severity::Error     ? QStyle::SP_MessageBoxCritical
                                        : d.severity == core::Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                                                : QStyle::SP_MessageBoxInformation;
    auto* item = new QListWidgetItem(style()->standardIcon(icon), QString::fromStdString(d.toString()), list_);
    item->setData(kSeverityRole, static_cast<int>(d.severity));
    item->setToolTip(item->text());
    QStringList blocks;
    if (!d.blockId.empty()) blocks << QString::fromStdString(d.blockId);
    if (blockFinder_)
      for (const QString& block : blockFinder_(QString::fromStdString(d.message)))
        if (!blocks.contains(block)) blocks << block;
    item->setData(kBlocksRole, blocks);
  }
}

void DiagnosticsWidget::setDiagnostics(const std::vector<core::Diagnostic>& diagnostics) {
  fill(diagnostics);
  int errors = 0, warnings = 0;
  for (const core::Diagnostic& d : diagnostics) {
    errors += d.severity == core::Severity::Error ? 1 : 0;
    warnings += d.severity == core::Severity::Warning ? 1 : 0;
  }
  const int notes = static_cast<int>(diagnostics.size()) - errors - warnings;
  if (errors > 0)
    setSummary(tr("%n problem(s) found. Click one to show its block.", nullptr, errors + warnings),
               QStringLiteral("#c62828"));
  else if (warnings > 0)
    setSummary(tr("The model can run, with %n warning(s). Click one to show its block.", nullptr, warnings),
               QStringLiteral("#b26a00"));
  else if (notes > 0)
    setSummary(tr("✓ No problems found: the model is ready to simulate (%n note(s) below).", nullptr, notes),
               QStringLiteral("#2e7d32"));
  else
    setSummary(tr("✓ No problems found: the model is ready to simulate."), QStringLiteral("#2e7d32"));
}

void DiagnosticsWidget::setRunFailure(const std::vector<core::Diagnostic>& diagnostics) {
  fill(diagnostics);
  setSummary(tr("The run failed: %n problem(s). Click one to show its block.", nullptr,
                static_cast<int>(diagnostics.size())),
             QStringLiteral("#c62828"));
}

void DiagnosticsWidget::showChecking() {
  list_->clear();
  setSummary(tr("Checking the model…"), QStringLiteral("#5f6b7a"));
}

void DiagnosticsWidget::clear() {
  list_->clear();
  setSummary(tr("Validate the model (F7) to list its problems."), QStringLiteral("#5f6b7a"));
}

}  // namespace kelvin::gui
