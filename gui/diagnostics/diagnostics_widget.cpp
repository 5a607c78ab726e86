#include "diagnostics/diagnostics_widget.h"

#include <QApplication>
#include <QLabel>
#include <QListWidget>
#include <QStyle>
#include <QVBoxLayout>

namespace kelvin::gui {

namespace {
constexpr int kBlockRole = Qt::UserRole + 1;
}

DiagnosticsWidget::DiagnosticsWidget(QWidget* parent)
    : QWidget(parent), summary_(new QLabel(this)), list_(new QListWidget(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(summary_);
  layout->addWidget(list_, 1);
  summary_->setText(tr("Validate the model (Simulation ▸ Validate) to list its problems."));
  summary_->setStyleSheet(QStringLiteral("color: #5f6b7a;"));
  auto pick = [this](QListWidgetItem* item) {
    const QString block = item->data(kBlockRole).toString();
    if (!block.isEmpty()) emit blockRequested(block);
  };
  connect(list_, &QListWidget::itemClicked, this, pick);
  connect(list_, &QListWidget::itemActivated, this, pick);
}

void DiagnosticsWidget::setDiagnostics(const std::vector<core::Diagnostic>& diagnostics) {
  list_->clear();
  const QIcon warning = style()->standardIcon(QStyle::SP_MessageBoxWarning);
  for (core::Diagnostic d : diagnostics) {
    d.file.clear();
    auto* item = new QListWidgetItem(warning, QString::fromStdString(d.toString()), list_);
    item->setData(kBlockRole, QString::fromStdString(d.blockId));
    item->setToolTip(item->text());
  }
  summary_->setText(diagnostics.empty() ? tr("✓ No problems found: the model is ready to simulate.")
                                        : tr("%n problem(s) found. Click one to show its block.", nullptr,
                                             static_cast<int>(diagnostics.size())));
  summary_->setStyleSheet(diagnostics.empty() ? QStringLiteral("color: #2e7d32;") : QStringLiteral("color: #c62828;"));
}

}  // namespace kelvin::gui
