#include "sweep/sweep_launcher.h"

#include <functional>

#include <QAction>
#include <QWidget>

#include "document/model_document.h"
#include "elaborate/block_registry.h"
#include "sweep/sweep_dialog.h"
#include "sweep/sweep_window.h"

namespace kelvin::gui {

namespace {
/// "R1.R" for every numeric parameter of every block, subsystems included ("Sub1/R1.R").
QStringList numericParameters(const std::vector<core::Block>& top, const core::BlockRegistry& registry) {
  QStringList names;
  std::vector<std::pair<const std::vector<core::Block>*, QString>> pending{{&top, QString()}};
  while (!pending.empty()) {
    auto [blocks, prefix] = pending.back();
    pending.pop_back();
    for (const core::Block& b : *blocks) {
      const QString id = prefix + QString::fromStdString(b.id);
      if (!b.blocks.empty()) pending.emplace_back(&b.blocks, id + QLatin1Char('/'));
      if (const core::ComponentType* type = registry.find(b.type))
        for (const core::ParamDecl& p : type->params)
          if (p.kind == core::ParamKind::Number) names << id + QLatin1Char('.') + QString::fromStdString(p.name);
    }
  }
  names.sort();
  return names;
}
}  // namespace

SweepLauncher::SweepLauncher(ModelDocument* document, const core::BlockRegistry& registry, RunHistory* history,
                             QWidget* host)
    : QObject(host), document_(document), registry_(registry), history_(history), host_(host) {
  action_ = new QAction(tr("S&weep…"), this);
  action_->setObjectName(QStringLiteral("sweep"));
  action_->setStatusTip(tr("Run the model over a grid of parameter values or a Monte Carlo spread of them"));
  connect(action_, &QAction::triggered, this, &SweepLauncher::showDialog);
}

SweepWindow* SweepLauncher::window() const { return window_; }

void SweepLauncher::showDialog() {
  auto* dialog = new SweepDialog(numericParameters(document_->model().blocks, registry_), host_);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  connect(dialog, &QDialog::accepted, this, [this, dialog] {
    std::optional<SweepRequest> request = dialog->request();
    if (!request) return;
    window_ = new SweepWindow(document_->model(), registry_, document_->filePath(), std::move(*request), history_, host_);
    window_->show();
  });
  dialog->open();
}

}  // namespace kelvin::gui
