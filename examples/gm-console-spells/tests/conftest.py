pytest_plugins = ["gm_console.testing"]
