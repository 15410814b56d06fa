import LabelSpecCLI

LabelSpecCommand.runMain()
